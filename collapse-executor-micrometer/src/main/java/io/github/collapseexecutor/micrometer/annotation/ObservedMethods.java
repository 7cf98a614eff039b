package io.github.collapseexecutor.micrometer.annotation;

import io.github.collapseexecutor.core.CallerOutcome;
import io.github.collapseexecutor.core.CollapseListener;
import io.github.collapseexecutor.core.SharedCallOutcome;
import io.github.collapseexecutor.micrometer.CollapseObservations;
import io.github.collapseexecutor.micrometer.internal.ObservedCaller;
import io.github.collapseexecutor.micrometer.internal.SharedCallObservations;
import io.github.collapseexecutor.spring.observation.MethodObserver;
import io.github.collapseexecutor.spring.observation.MethodObserver.MethodExecutor;
import io.micrometer.observation.Observation;
import io.micrometer.observation.contextpropagation.ObservationThreadLocalAccessor;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import org.jspecify.annotations.Nullable;

/**
 * The {@link MethodObserver} on a Micrometer {@code ObservationRegistry}: one {@code collapse.call}
 * observation per run of a method or of a batch method, the caller's outcome on its own
 * observation, and span links from the callers that did not run it to the run's span. Each
 * executor is announced to its meter listener as one whose runs the observation times.
 */
final class ObservedMethods implements MethodObserver {

  private final ObservedRuns runs;
  private final SharedCallObservations observations;

  ObservedMethods(CollapseObservations observations) {
    this.runs = new ObservedRuns(observations);
    this.observations = runs.observations();
  }

  /**
   * Every run of an observed method is a {@code collapse.call} observation, which times it: the
   * listener does not time it again. Returns {@code listener}, on the way to which the sizes of
   * shared runs are kept.
   */
  @Override
  public CollapseListener executorCreated(MethodExecutor executor, CollapseListener listener) {
    MetersOnly.announce(executor, listener, /* observed= */ true);
    return runs.listener(listener);
  }

  @Override
  public String contextKey() {
    return ObservationThreadLocalAccessor.KEY;
  }

  @Override
  public void notCollapsed(String reason) {
    ObservedCaller caller = observations.currentCaller();
    if (caller != null) {
      caller.outcome(CallerOutcome.NOT_COLLAPSED, reason);
    }
  }

  @Override
  public SameKeyCall sameKeyCall(String executorName, Object group) {
    return new ObservedSameKeyCall(runs, executorName, group);
  }

  @Override
  public FutureCall futureCall(String executorName, Object group) {
    return new ObservedFutureCall(runs, executorName, group, observations.currentCaller());
  }

  @Override
  public FutureCall monoCall(String executorName, Object group, @Nullable Object observation) {
    return new ObservedFutureCall(
        runs,
        executorName,
        group,
        observation instanceof Observation observed ? observations.caller(observed) : null);
  }

  @Override
  public @Nullable Object batchCaller() {
    return observations.currentCaller();
  }

  @Override
  // the scope makes the run's observation current for the batch method; a batch method's future
  // is what it returned, and is returned as such, which the caller reads as a future
  @SuppressWarnings({"try", "FutureReturnValueIgnored"})
  public @Nullable Object batch(
      String executorName, List<@Nullable Object> callers, Callable<@Nullable Object> batch)
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
    if (returned instanceof CompletableFuture<?> pending) {
      // a suspend fun's batch method has only started: the observation lasts until it ends, and
      // is stopped before the callers are handed their parts, as for a blocking batch method
      return pending.whenComplete(
          (value, failure) ->
              SharedCallObservations.stop(
                  observation,
                  callers.size(),
                  failure == null ? SharedCallOutcome.SHARED : SharedCallOutcome.FAILED,
                  failure == null ? null : ObservedRun.handedOut(failure),
                  null));
    }
    SharedCallObservations.stop(observation, callers.size(), SharedCallOutcome.SHARED, null, null);
    return returned;
  }
}
