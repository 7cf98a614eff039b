package io.github.collapseexecutor.spring.annotation.internal;

import io.github.collapseexecutor.core.CollapseExecutionException;
import io.github.collapseexecutor.core.CollapseListener;
import io.github.collapseexecutor.core.CollapseTimeoutException;
import io.github.collapseexecutor.spring.observation.CollapseObservations;
import io.github.collapseexecutor.spring.observation.SharedCallOutcome;
import io.github.collapseexecutor.spring.observation.internal.CallerOutcome;
import io.github.collapseexecutor.spring.observation.internal.ObservedCaller;
import io.github.collapseexecutor.spring.observation.internal.ReportedSizes;
import io.github.collapseexecutor.spring.observation.internal.SharedCallObservations;
import io.micrometer.observation.Observation;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * The {@link MethodObserver} on a Micrometer {@code ObservationRegistry}: one {@code collapse.call}
 * observation per run of a method or of a batch method, the caller's outcome on its own
 * observation, and span links from the callers that did not run it to the run's span.
 */
final class ObservedMethods implements MethodObserver {

  private final SharedCallObservations observations;
  private final ReportedSizes sizes = new ReportedSizes();

  ObservedMethods(CollapseObservations observations) {
    this.observations = new SharedCallObservations(observations);
  }

  /** Returns {@code listener}, on the way to which the sizes of shared runs are kept. */
  @Override
  public CollapseListener listener(CollapseListener listener) {
    return sizes.around(listener);
  }

  @Override
  public void notCollapsed(String reason) {
    ObservedCaller caller = observations.currentCaller();
    if (caller != null) {
      caller.outcome(CallerOutcome.NOT_COLLAPSED, reason);
    }
  }

  @Override
  public SameKeyCall sameKeyCall(String executorName) {
    return new ObservedSameKeyCall(executorName, observations.currentCaller());
  }

  @Override
  public Object batchCaller() {
    return observations.currentCaller();
  }

  @Override
  @SuppressWarnings("try") // the scope makes the run's observation current for the batch method
  public Object batch(String executorName, List<Object> callers, Callable<Object> batch)
      throws Exception {
    Observation observation = observations.sharedCall(executorName, null).start();
    Object target = observations.linkTarget(observation);
    for (Object caller : callers) {
      if (caller instanceof ObservedCaller observed) {
        observed.outcome(CallerOutcome.BATCHED, null);
        observed.linkTo(target);
      }
    }
    Object returned;
    try (Observation.Scope scope = observation.openScope()) {
      returned = batch.call();
    } catch (Exception | Error e) {
      SharedCallObservations.stop(observation, callers.size(), SharedCallOutcome.FAILED, e, null);
      throw e;
    }
    SharedCallObservations.stop(observation, callers.size(), SharedCallOutcome.SHARED, null,
        null);
    return returned;
  }

  /**
   * What every caller of one run gets from the executor, so that a caller that joined finds the
   * span of the run it joined.
   */
  private record SharedResult(Object value, Object linkTarget) {}

  private final class ObservedSameKeyCall implements SameKeyCall {

    private final String executorName;
    private final ObservedCaller caller;
    private Observation run;

    ObservedSameKeyCall(String executorName, ObservedCaller caller) {
      this.executorName = executorName;
      this.caller = caller;
    }

    @Override
    @SuppressWarnings("try") // the scope makes the run's observation current for the method
    public Callable<Object> leading(Callable<Object> method) {
      return () -> {
        // only the caller whose thread runs the method gets here; it reads the run's size back
        run = observations.sharedCall(executorName, null);
        if (caller != null) {
          run.parentObservation(caller.observation());
        }
        run.start();
        sizes.reset();
        try (Observation.Scope scope = run.openScope()) {
          return new SharedResult(method.call(), observations.linkTarget(run));
        }
      };
    }

    @Override
    public Object returned(Object result) {
      SharedResult shared = (SharedResult) result;
      if (run != null) {
        ended(SharedCallOutcome.SHARED, null);
      } else if (caller != null) {
        caller.outcome(CallerOutcome.JOINED, null);
        caller.linkTo(shared.linkTarget());
      }
      return shared.value();
    }

    @Override
    public void failed(Throwable failure) {
      if (run != null) {
        // the executor wraps what the method threw when it is checked; the run failed with that
        ended(SharedCallOutcome.FAILED, failure instanceof CollapseExecutionException wrapped
            && wrapped.getCause() != null ? wrapped.getCause() : failure);
      } else if (caller != null) {
        // a failed run carries no span to link to
        if (failure instanceof CollapseTimeoutException) {
          caller.outcome(CallerOutcome.FELL_BACK, "wait-timeout");
        } else {
          caller.outcome(CallerOutcome.JOINED, null);
        }
      }
    }

    private void ended(SharedCallOutcome outcome, Throwable failure) {
      if (caller != null) {
        caller.outcome(CallerOutcome.LED, null);
      }
      SharedCallObservations.stop(run, sizes.last(), outcome, failure, null);
    }
  }
}
