package io.github.collapseexecutor.micrometer.annotation;

import io.github.collapseexecutor.core.CallerOutcome;
import io.github.collapseexecutor.core.CollapseExecutionException;
import io.github.collapseexecutor.core.CollapseTimeoutException;
import io.github.collapseexecutor.core.SharedCallOutcome;
import io.github.collapseexecutor.micrometer.internal.ObservedCaller;
import io.github.collapseexecutor.spring.observation.MethodObserver.SameKeyCall;
import io.micrometer.observation.Observation;
import java.util.Objects;
import java.util.concurrent.Callable;
import org.jspecify.annotations.Nullable;

/**
 * One observed call of a {@code @Collapsible} method that returns a value: the caller whose
 * thread runs the method observes the run; a caller that joined links to the run's span, found in
 * the result, or for a run that failed, by its failure.
 */
final class ObservedSameKeyCall implements SameKeyCall {

  /** What every caller of one run gets from the executor, with the span to link to. */
  private record SharedResult(@Nullable Object value, @Nullable Object linkTarget) {}

  private final ObservedRuns runs;
  private final String executorName;
  private final Object group;
  private final @Nullable ObservedCaller caller;
  private @Nullable ObservedRun led;
  private boolean servedByAnotherInstance;

  ObservedSameKeyCall(ObservedRuns runs, String executorName, Object group) {
    this.runs = runs;
    this.executorName = executorName;
    this.group = group;
    this.caller = runs.currentCaller();
  }

  @Override
  @SuppressWarnings("try") // the scope makes the run's observation current for the method
  public Callable<@Nullable Object> leading(Callable<@Nullable Object> method) {
    return () -> {
      // only the caller whose thread runs the method gets here; it reads the run's size back
      led = runs.start(executorName, caller);
      Object value;
      try (Observation.Scope scope = led.observation().openScope()) {
        value = method.call();
      } catch (Exception | Error e) {
        runs.failed(led, e);
        throw e;
      }
      led.ended(value, null);
      return new SharedResult(value, led.linkTarget());
    };
  }

  @Override
  public @Nullable Object returned(@Nullable Object result) {
    // what the leading callable above returned, which the executor hands every caller
    SharedResult shared = (SharedResult) Objects.requireNonNull(result, "result");
    if (led != null) {
      ended(led, SharedCallOutcome.SHARED, null);
    } else if (caller != null) {
      caller.outcome(CallerOutcome.JOINED, null);
      caller.linkTo(shared.linkTarget());
    }
    return shared.value();
  }

  @Override
  public void servedByAnotherInstance() {
    servedByAnotherInstance = true;
  }

  @Override
  public void failed(Throwable failure) {
    // the executor wraps what the method threw when it is checked; the run failed with that
    Throwable thrown =
        failure instanceof CollapseExecutionException wrapped && wrapped.getCause() != null
            ? wrapped.getCause()
            : failure;
    if (led != null) {
      ended(led, SharedCallOutcome.FAILED, thrown);
    } else if (caller != null) {
      if (failure instanceof CollapseTimeoutException) {
        caller.outcome(CallerOutcome.FELL_BACK, "wait-timeout");
        return;
      }
      caller.outcome(CallerOutcome.JOINED, null);
      caller.linkTo(runs.linkTarget(group, null, thrown));
    }
  }

  private void ended(ObservedRun run, SharedCallOutcome outcome, @Nullable Throwable failure) {
    if (caller != null) {
      caller.outcome(
          servedByAnotherInstance ? CallerOutcome.JOINED_ELSEWHERE : CallerOutcome.LED, null);
    }
    runs.stop(group, run, outcome, failure);
  }
}
