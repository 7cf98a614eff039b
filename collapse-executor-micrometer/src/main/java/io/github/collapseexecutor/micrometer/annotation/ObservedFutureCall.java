package io.github.collapseexecutor.micrometer.annotation;

import io.github.collapseexecutor.core.CallerOutcome;
import io.github.collapseexecutor.core.SharedCallOutcome;
import io.github.collapseexecutor.micrometer.internal.ObservedCaller;
import io.github.collapseexecutor.spring.observation.MethodObserver.FutureCall;
import io.micrometer.observation.Observation;
import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.function.BiConsumer;
import org.jspecify.annotations.Nullable;

/**
 * One observed call of a {@code @Collapsible} method that returns a future or a {@code Mono}.
 *
 * <p>The caller that starts the run observes it from the method's call until the method's future
 * completes, and stops the observation once the executor handed the outcome to every caller and
 * reported how many there were. A caller that joined is tagged and linked to the run's span as
 * soon as it has its future, from the board: no stage is added to its future, except for a caller
 * that came before the run was posted or after it ended, which finds the run when the outcome
 * comes, and gets the outcome only then.
 */
final class ObservedFutureCall implements FutureCall {

  private final ObservedRuns runs;
  private final String executorName;
  private final Object group;
  private final @Nullable ObservedCaller caller;
  private @Nullable ObservedRun led;
  private @Nullable CompletableFuture<@Nullable Object> method;
  private @Nullable SharedWork shared;
  private @Nullable Throwable startFailure;

  /** Whether another instance's call served the run this caller led. */
  private boolean servedByAnotherInstance;

  /** Whether the caller's outcome says it led, and nothing since replaced it. */
  private boolean ledRecorded;

  /**
   * @param caller the caller's observation, or {@code null} if it has none
   */
  ObservedFutureCall(
      ObservedRuns runs, String executorName, Object group, @Nullable ObservedCaller caller) {
    this.runs = runs;
    this.executorName = executorName;
    this.group = group;
    this.caller = caller;
  }

  @Override
  @SuppressWarnings("try") // the scope makes the run's observation current while the method runs
  public Callable<CompletableFuture<@Nullable Object>> leading(Start start) {
    return () -> {
      led = runs.start(executorName, caller);
      runs.post(group, led);
      try (Observation.Scope scope = led.observation().openScope()) {
        method = start.start(led.observation());
      } catch (Exception | Error e) {
        startFailure = e;
        runs.failed(led, e);
        throw e;
      }
      if (method == null) {
        NullPointerException none =
            new NullPointerException(
                executorName + ": the method returned null instead of a future");
        startFailure = none;
        runs.failed(led, none);
        throw none;
      }
      // what the executor shares: completed by follow(), once the executor waits on it
      shared = new SharedWork();
      return shared;
    };
  }

  @Override
  public void notCollapsed(String reason) {
    if (caller != null) {
      caller.outcome(CallerOutcome.NOT_COLLAPSED, reason);
    }
  }

  @Override
  public @Nullable BiConsumer<@Nullable Object, @Nullable Throwable> joined(
      CompletableFuture<@Nullable Object> future) {
    if (led != null) {
      recordLed();
      follow();
    } else if (caller != null) {
      caller.outcome(CallerOutcome.JOINED, null);
      ObservedRun run = runs.open(group);
      if (run != null && !future.isDone()) {
        // open, and this caller's run has not ended: the run posted is the one it joined
        caller.linkTo(run.linkTarget());
      } else {
        // linked before the caller gets the outcome: a caller may end its own span on it (a
        // WebFlux request writes its response and stops its observation), and an ended span
        // takes no more links
        return (value, failure) -> caller.linkTo(runs.linkTarget(group, value, failure));
      }
    }
    return null;
  }

  @Override
  public void servedByAnotherInstance() {
    if (caller == null) {
      return;
    }
    // the tier may answer before the executor handed this caller its future, or after
    synchronized (this) {
      servedByAnotherInstance = true;
      if (ledRecorded) {
        caller.outcome(CallerOutcome.JOINED_ELSEWHERE, null);
      }
    }
  }

  /** Records that this caller led the run: on its instance, or for every instance. */
  private void recordLed() {
    if (caller == null) {
      return;
    }
    synchronized (this) {
      ledRecorded = true;
      caller.outcome(
          servedByAnotherInstance ? CallerOutcome.JOINED_ELSEWHERE : CallerOutcome.LED, null);
    }
  }

  @Override
  public void timedOut() {
    if (caller != null) {
      synchronized (this) {
        // the wait-timeout stays, whatever served the run after the caller left
        ledRecorded = false;
        caller.outcome(led != null ? CallerOutcome.LED : CallerOutcome.FELL_BACK, "wait-timeout");
      }
    }
  }

  /**
   * Hands the outcome of the method's future to the executor, then stops the run's observation
   * with the number of callers the executor reported on this thread meanwhile.
   */
  // the callback handles both outcomes: the stage whenComplete returns holds nothing more
  @SuppressWarnings("FutureReturnValueIgnored")
  private void follow() {
    // this caller led: leading() started the run, and then the method or failed
    ObservedRun run = Objects.requireNonNull(led, "led");
    if (startFailure != null) {
      // the executor failed the run on this thread, before handing out this caller's future
      runs.stop(group, run, SharedCallOutcome.FAILED, startFailure);
      return;
    }
    SharedWork work = Objects.requireNonNull(shared, "shared");
    Objects.requireNonNull(method, "method")
        .whenComplete(
            (value, thrown) -> {
              Throwable failure = thrown == null ? null : ObservedRun.handedOut(thrown);
              if (failure == null) {
                run.ended(value, null);
              } else {
                runs.failed(run, failure);
              }
              runs.beforeEnd();
              boolean completed =
                  failure == null ? work.complete(value) : work.completeExceptionally(failure);
              if (completed) {
                runs.stop(
                    group,
                    run,
                    failure == null ? SharedCallOutcome.SHARED : SharedCallOutcome.FAILED,
                    failure);
              }
            });
  }

  /**
   * The future the executor shares among the run's callers. The executor cancels it when every
   * caller left before the run ended: the run is abandoned, and the method's future cancelled.
   */
  private final class SharedWork extends CompletableFuture<@Nullable Object> {

    @Override
    public boolean cancel(boolean mayInterruptIfRunning) {
      CancellationException abandoned =
          new CancellationException("every caller left before the run ended");
      boolean cancelled = completeExceptionally(abandoned);
      if (cancelled) {
        // made only once the run started and the method returned its future
        ObservedRun run = Objects.requireNonNull(led, "led");
        run.ended(null, abandoned);
        // the executor reported the abandoned run on this thread just before
        runs.stop(group, run, SharedCallOutcome.ABANDONED, abandoned);
        Objects.requireNonNull(method, "method").cancel(mayInterruptIfRunning);
      }
      return cancelled;
    }
  }
}
