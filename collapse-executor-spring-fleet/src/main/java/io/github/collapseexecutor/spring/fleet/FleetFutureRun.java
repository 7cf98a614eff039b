package io.github.collapseexecutor.spring.fleet;

import io.github.collapseexecutor.fleet.Fleet;
import io.github.collapseexecutor.spring.annotation.LeaderRoutes;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * One run of a method returning a future or a {@code Mono} through the fleet tier, without
 * holding a thread: this instance's own call, or another instance's value. The tier answers on
 * its own threads (a Redis client's event loop), where neither the method nor what its callers
 * chain to their futures may run: whatever comes after an answer the tier did not give at once
 * runs on the pool of {@code CompletableFuture}'s async stages, where the method's start brings
 * the context of the thread that started the run ({@link LeaderRoutes.Route#start}).
 *
 * <p>This instance's value reaches its callers once the tier has it, as in the blocking route, so
 * that a run that starts after they got it never takes it from another instance. A failure or a
 * value the codec cannot write is not shared. The run's future, cancelled when every caller left,
 * cancels the call if it started, and keeps it from starting if not.
 */
final class FleetFutureRun {

  /** Where the run goes on after an answer of the tier's: as {@code supplyAsync} would. */
  private static final Executor POOL = new CompletableFuture<Void>().defaultExecutor();

  private final FleetValues values;
  private final Supplier<CompletableFuture<@Nullable Object>> start;

  /** What the callers get: this instance's value, or another instance's. */
  private final CompletableFuture<@Nullable Object> run = new CompletableFuture<>();

  /** This instance's own call, once it started. */
  private final AtomicReference<@Nullable CompletableFuture<@Nullable Object>> own =
      new AtomicReference<>();

  /** The thread that starts the run, for a step moved to another. */
  private final Thread starter = Thread.currentThread();

  /** Whether {@link #starter} is in {@link #ask}; read on that thread only. */
  private boolean asking;

  /**
   * @param start starts this instance's call: the future of its value, failed rather than thrown,
   *     with the context of the thread that started the run wherever it runs
   */
  FleetFutureRun(FleetValues values, Supplier<CompletableFuture<@Nullable Object>> start) {
    this.values = values;
    this.start = start;
  }

  /**
   * Asks {@code tier} for the run of {@code key}, and returns the run's future.
   *
   * @param sinceWrite how long ago this instance's last write completed, or {@code null}
   */
  // the callback only passes a cancellation on: the stage whenComplete returns holds nothing more
  @SuppressWarnings("FutureReturnValueIgnored")
  CompletableFuture<@Nullable Object> ask(
      Fleet tier, List<String> key, Duration maxWait, @Nullable Duration sinceWrite) {
    run.whenComplete(
        (value, failure) -> {
          CompletableFuture<@Nullable Object> mine = own.get();
          if (run.isCancelled() && mine != null) {
            mine.cancel(/* mayInterruptIfRunning= */ false); // every caller left
          }
        });
    asking = true;
    try {
      // a run after a write here takes no result of a call another instance started before it
      CompletionStage<byte @Nullable []> asked =
          sinceWrite == null
              ? tier.callAsync(key, maxWait, this::startForFleet)
              : tier.callAsync(key, maxWait, sinceWrite, this::startForFleet);
      asked.whenComplete((other, failure) -> onItsThread(() -> answered(other, failure)));
    } catch (RuntimeException | Error failure) {
      // a tier that fails as it is asked: this instance makes its own call, for itself
      answered(null, failure);
    } finally {
      asking = false;
    }
    return run;
  }

  /**
   * Starts this instance's call for the tier; returns the stage of the bytes that the others
   * get of it, if any.
   */
  // the callback completes shared whatever the outcome: the stage it returns holds nothing more
  @SuppressWarnings("FutureReturnValueIgnored")
  private CompletionStage<byte @Nullable []> startForFleet() {
    CompletableFuture<byte @Nullable []> shared = new CompletableFuture<>();
    onItsThread(
        () -> {
          if (run.isDone()) {
            shared.complete(null); // every caller left while it waited: nobody needs the call
            return;
          }
          startOwn()
              .whenComplete(
                  (value, failure) ->
                      shared.complete(failure == null ? values.write(value) : null));
        });
    return shared;
  }

  /** Goes on with the tier's answer: this instance's own call, or another instance's value. */
  // the callback completes the run whatever the outcome: the stage it returns holds nothing more
  @SuppressWarnings("FutureReturnValueIgnored")
  private void answered(byte @Nullable [] other, @Nullable Throwable failure) {
    CompletableFuture<@Nullable Object> mine = own.get();
    if (mine == null && run.isDone()) {
      return; // every caller left
    }
    if (mine == null) {
      Object shared = other == null || failure != null ? null : values.read(other);
      if (shared != null) {
        run.complete(shared);
        return;
      }
      // nothing this instance can read came back, and its own call did not run: make it now
      mine = startOwn();
    }
    mine.whenComplete(
        (value, thrown) -> {
          if (thrown != null) {
            run.completeExceptionally(thrown);
          } else {
            run.complete(value);
          }
        });
  }

  /** Starts this instance's own call. */
  private CompletableFuture<@Nullable Object> startOwn() {
    CompletableFuture<@Nullable Object> mine = start.get();
    own.set(mine);
    if (run.isCancelled()) {
      mine.cancel(/* mayInterruptIfRunning= */ false); // every caller left as it started
    }
    return mine;
  }

  /**
   * Runs {@code step} at once on the thread that starts the run, while it asks the tier; on the
   * pool anywhere else, as a tier's thread must not run the method nor the callers' stages.
   */
  private void onItsThread(Runnable step) {
    if (starting()) {
      step.run();
    } else {
      POOL.execute(step);
    }
  }

  /** Returns whether this is the thread that starts the run, still asking the tier. */
  private boolean starting() {
    return Thread.currentThread() == starter && asking;
  }
}
