package io.github.collapseexecutor.core;

import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.function.BiConsumer;
import org.jspecify.annotations.Nullable;

/**
 * Same-key collapse for non-blocking work: the callable starts the work and returns a future of
 * its result (an asynchronous client call, for example); concurrent calls with an equal group share
 * that one future's outcome, each through a future of its own.
 *
 * <p>The first caller's callable is called on that caller's thread and must return quickly. A
 * caller that cancels its future leaves alone; when every caller has left before the work
 * completes, the shared future is cancelled, so that work nobody waits for can stop. Semantics are
 * otherwise those of {@link BlockingCallableGroupCollapseExecutor}.
 */
public final class FutureCallableGroupCollapseExecutor extends GroupExecutorBase
    implements AutoCloseable {

  private final FlightMap.Start<Callable<? extends CompletableFuture<?>>> start = this::start;

  /** Creates an executor with the default {@link GroupCollapseExecutorOptions}. */
  public FutureCallableGroupCollapseExecutor() {
    this(GroupCollapseExecutorOptions.defaults());
  }

  /**
   * Creates an executor; the same as passing {@link GroupCollapseExecutorOptions} with this name
   * and listener.
   *
   * @param name the name used in messages and reports; {@code null} for the class name
   * @param listener receives a report for each shared run
   * @throws IllegalArgumentException if {@code name} is blank
   */
  public FutureCallableGroupCollapseExecutor(@Nullable String name, CollapseListener listener) {
    this(options(name, listener));
  }

  /** Creates an executor with the given options; it has no use for their executor. */
  public FutureCallableGroupCollapseExecutor(GroupCollapseExecutorOptions options) {
    super(options);
  }

  /**
   * Returns a future of the outcome of the future {@code callable} returns, or of the one in
   * progress for an equal {@code group}.
   *
   * @throws NullPointerException if {@code group} or {@code callable} is null
   * @throws IllegalStateException if this executor is closed, or if called from the work of an
   *     equal group on the thread running it, which would wait for its own result
   */
  public <T extends @Nullable Object> CompletableFuture<T> execute(
      Object group, Callable<CompletableFuture<T>> callable) {
    return flights.join(group, callable, start);
  }

  private void start(
      Object group, Flight flight, Callable<? extends CompletableFuture<?>> callable) {
    CompletableFuture<?> work;
    ListenedRun run = flights.runStarted(flight, RunStart.Flavour.FUTURE);
    try {
      work = Objects.requireNonNull(flight.call(callable, run),
          () -> flights.name() + ": the callable returned null instead of a future");
    } catch (Throwable failure) {
      flights.complete(group, flight, null, failure, run);
      return;
    }
    flight.onAbandon(() -> {
      flights.complete(group, flight, null,
          new CancellationException("every caller left before the work completed"), run);
      work.cancel(/* mayInterruptIfRunning= */ false);
    });
    work.whenComplete(completion(flights, group, flight, run));
  }

  /**
   * Returns what completes the flight when its work does. Captures the executor's flights rather
   * than the executor, and the listener's view of the run only when someone listens, so that a run
   * nobody listens to costs one small completion.
   */
  private static BiConsumer<Object, Throwable> completion(FlightMap flights, Object group,
      Flight flight, @Nullable ListenedRun run) {
    if (run == null) {
      return (result, failure) -> flights.complete(group, flight, result,
          failure == null ? null : Failures.unwrap(failure));
    }
    return (result, failure) -> flights.complete(group, flight, result,
        failure == null ? null : Failures.unwrap(failure), run);
  }
}
