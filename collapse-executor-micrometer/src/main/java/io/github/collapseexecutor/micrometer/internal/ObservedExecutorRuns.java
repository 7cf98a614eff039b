package io.github.collapseexecutor.micrometer.internal;

import io.github.collapseexecutor.core.CollapseListener;
import io.github.collapseexecutor.core.CollapseListener.BatchReport;
import io.github.collapseexecutor.core.CollapseListener.RunScope;
import io.github.collapseexecutor.core.CollapseListener.RunStart;
import io.github.collapseexecutor.core.SharedCallOutcome;
import io.github.collapseexecutor.micrometer.CollapseObservations;
import io.micrometer.observation.Observation;

/**
 * Observes each run of a core executor as {@code collapse.call}: started on the thread that runs
 * the work and current there until the work returned, so that the observations (and spans) the
 * work opens are its children, and stopped once the run's callers were settled, with their number
 * and the outcome. A child of whatever observation was current on that thread: the request of the
 * caller that ran a blocking batch, for example.
 */
public final class ObservedExecutorRuns implements CollapseListener {

  private final SharedCallObservations observations;

  /** Observes on the registry and with the convention of {@code observations}. */
  public ObservedExecutorRuns(CollapseObservations observations) {
    this.observations = new SharedCallObservations(observations);
  }

  @Override
  public RunScope runStarted(RunStart run) {
    Observation observation = observations.sharedCall(run.executorName(), null);
    if (observation.isNoop()) {
      return RunScope.NONE;
    }
    observation.start();
    return new ObservedRun(observation, observation.openScope());
  }

  /** One observed run: its scope closes where it opened, the observation stops at the end. */
  private record ObservedRun(Observation observation, Observation.Scope scope) implements RunScope {

    @Override
    public void workReturned() {
      scope.close();
    }

    @Override
    public void ended(BatchReport report) {
      SharedCallObservations.stop(
          observation,
          report.size(),
          report.succeeded() ? SharedCallOutcome.SHARED : SharedCallOutcome.FAILED,
          report.failure(),
          null);
    }
  }
}
