package io.github.collapseexecutor.spring.annotation.internal;

import io.github.collapseexecutor.core.CollapseListener;
import io.github.collapseexecutor.spring.observation.CollapseObservations;
import io.github.collapseexecutor.spring.observation.SharedCallOutcome;
import io.github.collapseexecutor.spring.observation.internal.ObservedCaller;
import io.github.collapseexecutor.spring.observation.internal.ReportedSizes;
import io.github.collapseexecutor.spring.observation.internal.SharedCallObservations;
import io.micrometer.observation.Observation;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Starts and stops the observations of the runs of {@code @Collapsible} methods, and keeps each
 * run that has a span on a board under its group while it lasts, where the callers that join it
 * find it. The executors hand a joined caller only the run's result; the board is how a caller
 * of a run that failed, or a caller of a future or a {@code Mono}, finds the run's span.
 */
final class ObservedRuns {

  private final SharedCallObservations observations;
  private final ReportedSizes sizes = new ReportedSizes();
  private final ConcurrentHashMap<Object, ObservedRun> board = new ConcurrentHashMap<>();

  ObservedRuns(CollapseObservations observations) {
    this.observations = new SharedCallObservations(observations);
  }

  /** Returns the observations the runs are made with. */
  SharedCallObservations observations() {
    return observations;
  }

  /** Returns {@code listener}, on the way to which the sizes of the runs are kept. */
  CollapseListener listener(CollapseListener listener) {
    return sizes.around(listener);
  }

  /** Returns the caller whose observation is current on this thread, or {@code null}. */
  ObservedCaller currentCaller() {
    return observations.currentCaller();
  }

  /**
   * Starts the observation of a run of {@code group} on {@code executorName}, led by
   * {@code leader} (or {@code null}), and posts the run for the callers that join it.
   */
  ObservedRun start(String executorName, ObservedCaller leader, Object group) {
    Observation observation = observations.sharedCall(executorName, null);
    if (leader != null) {
      observation.parentObservation(leader.observation());
    }
    observation.start();
    ObservedRun run = new ObservedRun(observation, observations.linkTarget(observation));
    if (run.linkTarget() != null) {
      // without a span there is nothing to link to, and nothing to post
      board.put(group, run);
    }
    sizes.reset();
    return run;
  }

  /** Returns the run of {@code group} in progress, or {@code null}. */
  ObservedRun open(Object group) {
    ObservedRun run = board.get(group);
    return run != null && run.isOpen() ? run : null;
  }

  /**
   * Returns the run that handed out {@code value} or {@code failure} to a caller of
   * {@code group}: {@code seen}, the run open when the caller came, or the one posted now; or
   * {@code null} if neither did (the run ended and left the board).
   *
   * @param seen the run open when the caller came, or {@code null}
   */
  ObservedRun gave(Object group, ObservedRun seen, Object value, Throwable failure) {
    if (seen != null && seen.gave(value, failure)) {
      return seen;
    }
    ObservedRun posted = board.get(group);
    return posted != null && posted.gave(value, failure) ? posted : null;
  }

  /** Forgets the size last reported on this thread, before a run ends on it. */
  void beforeEnd() {
    sizes.reset();
  }

  /**
   * Stops the observation of {@code run} with the size the executor just reported on this thread,
   * unless it was stopped already, and takes the run off the board.
   *
   * @param error what the run failed with, or {@code null}
   */
  void stop(Object group, ObservedRun run, SharedCallOutcome outcome, Throwable error) {
    if (!run.stopping()) {
      return;
    }
    SharedCallObservations.stop(run.observation(), sizes.last(), outcome, error, null);
    board.remove(group, run);
  }
}
