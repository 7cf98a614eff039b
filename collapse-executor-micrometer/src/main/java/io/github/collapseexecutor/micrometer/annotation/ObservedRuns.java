package io.github.collapseexecutor.micrometer.annotation;

import io.github.collapseexecutor.core.CollapseListener;
import io.github.collapseexecutor.core.SharedCallOutcome;
import io.github.collapseexecutor.micrometer.CollapseObservations;
import io.github.collapseexecutor.micrometer.internal.ObservedCaller;
import io.github.collapseexecutor.micrometer.internal.ReportedSizes;
import io.github.collapseexecutor.micrometer.internal.SharedCallObservations;
import io.micrometer.observation.Observation;
import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;

/**
 * Starts and stops the observations of the runs of {@code @Collapsible} methods, and keeps what
 * the callers that joined a run need to find its span: the executors hand them only the run's
 * result. A run of a future or a {@code Mono} that has a span stays on a board under its group
 * while it lasts, where a caller finds it as it joins; the span of a run that failed stays with
 * its failure, which every caller gets, for as long as anything holds that failure.
 */
final class ObservedRuns {

  private final SharedCallObservations observations;
  private final ReportedSizes sizes = new ReportedSizes();
  private final ConcurrentHashMap<Object, ObservedRun> board = new ConcurrentHashMap<>();

  /**
   * The span of each failed run, by its failure: weak keys, so an entry goes with the failure,
   * compared by identity (failures do not override {@code equals}). Only failures pay its lock.
   */
  private final Map<Throwable, Object> failedRuns =
      Collections.synchronizedMap(new WeakHashMap<>());

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
  @Nullable ObservedCaller currentCaller() {
    return observations.currentCaller();
  }

  /**
   * Starts the observation of a run on {@code executorName}, led by {@code leader} (or
   * {@code null}).
   */
  ObservedRun start(String executorName, @Nullable ObservedCaller leader) {
    Observation observation = observations.sharedCall(executorName, null);
    SharedCallObservations.startChildOf(observation, leader == null ? null : leader.observation());
    sizes.reset();
    return new ObservedRun(observation, observations.linkTarget(observation));
  }

  /** Posts {@code run} on the board under {@code group}, for the callers that join it. */
  void post(Object group, ObservedRun run) {
    if (run.linkTarget() != null) {
      // without a span there is nothing to link to, and nothing to post
      board.put(group, run);
    }
  }

  /** Returns the run of {@code group} in progress, or {@code null}. */
  @Nullable ObservedRun open(Object group) {
    ObservedRun run = board.get(group);
    return run != null && run.isOpen() ? run : null;
  }

  /**
   * Records that {@code run} failed with {@code failure}, what every caller gets of it, before
   * they get it.
   */
  void failed(ObservedRun run, Throwable failure) {
    run.ended(null, failure);
    if (run.linkTarget() != null) {
      failedRuns.put(failure, run.linkTarget());
    }
  }

  /**
   * Returns what a caller that got {@code value} or {@code failure} from a run of {@code group}
   * links to: the span of the run that failed with {@code failure}, or of the run still on the
   * board that handed out {@code value}; {@code null} if there is none (the run has no span, or
   * it ended and left the board).
   *
   * @param failure what the caller got, or {@code null} if it got {@code value}
   */
  @Nullable Object linkTarget(Object group, @Nullable Object value, @Nullable Throwable failure) {
    if (failure != null) {
      return failedRuns.get(failure);
    }
    ObservedRun posted = board.get(group);
    return posted != null && posted.gave(value) ? posted.linkTarget() : null;
  }

  /** Forgets the size last reported on this thread, before a run ends on it. */
  void beforeEnd() {
    sizes.reset();
  }

  /**
   * Stops the observation of {@code run} with the size the executor just reported on this thread,
   * unless it was stopped already, and takes the run off the board if it was posted.
   *
   * @param error what the run failed with, or {@code null}
   */
  void stop(Object group, ObservedRun run, SharedCallOutcome outcome, @Nullable Throwable error) {
    if (!run.stopping()) {
      return;
    }
    SharedCallObservations.stop(run.observation(), sizes.last(), outcome, error, null);
    board.remove(group, run);
  }
}
