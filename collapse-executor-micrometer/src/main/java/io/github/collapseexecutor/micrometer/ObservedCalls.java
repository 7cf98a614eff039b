package io.github.collapseexecutor.micrometer;

import io.github.collapseexecutor.core.CallerOutcome;
import io.github.collapseexecutor.core.CollapseListener;
import io.github.collapseexecutor.core.SharedCallOutcome;
import io.github.collapseexecutor.http.CallObserver;
import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.CollapseKey;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.http.UnsharedReason;
import io.github.collapseexecutor.micrometer.internal.ObservedCaller;
import io.github.collapseexecutor.micrometer.internal.ReportedSizes;
import io.github.collapseexecutor.micrometer.internal.SharedCallObservations;
import io.micrometer.observation.Observation;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.jspecify.annotations.Nullable;

/**
 * The {@link CallObserver} on a Micrometer {@code ObservationRegistry}: the caller's keys on its
 * own observation, an observation per shared call (a child of the leading request's), and span
 * links from the requests that joined to the shared call, where the tracer supports them.
 * Made by {@link CollapseObservations} for each adapter it observes.
 */
final class ObservedCalls implements CallObserver {

  private final SharedCallObservations observations;
  private final List<String> groupNames;
  private final ReportedSizes sizes = new ReportedSizes();

  ObservedCalls(CollapseObservations observations, HttpCollapseOptions options) {
    this.observations = new SharedCallObservations(observations);
    this.groupNames = options.groups().stream().map(CollapseGroup::name).toList();
  }

  /** Returns {@code listener}, on the way to which the sizes of shared calls are kept. */
  @Override
  public CollapseListener listener(CollapseListener listener) {
    return sizes.around(listener);
  }

  @Override
  public Caller caller(@Nullable Object observation) {
    ObservedCaller own =
        observation instanceof Observation given
            ? observations.caller(given)
            : observations.currentCaller();
    return own == null ? Caller.NONE : new RequestCaller(own);
  }

  @Override
  public SharedCall sharedCall(String executorName, CollapseKey key, Caller leader) {
    Observation observation = observations.sharedCall(executorName, groupNames.get(key.group()));
    if (observation.isNoop()) {
      // no handler, or a predicate turned collapse.call off: the leader is still told why its
      // response was not shared, and nothing else is done
      return leader == Caller.NONE ? SharedCall.NONE : new UnobservedSharedCall(leader);
    }
    SharedCallObservations.startChildOf(
        observation, leader instanceof RequestCaller caller ? caller.own.observation() : null);
    return new ObservedSharedCall(observation, observations.linkTarget(observation), leader);
  }

  private static final class RequestCaller implements Caller {

    private final ObservedCaller own;

    RequestCaller(ObservedCaller own) {
      this.own = own;
    }

    @Override
    public void outcome(CallerOutcome outcome, @Nullable String reason) {
      own.outcome(outcome, reason);
    }

    @Override
    public void linkTo(@Nullable SharedCall call) {
      if (call instanceof ObservedSharedCall shared) {
        own.linkTo(shared.linkTarget);
      }
    }
  }

  /** A shared call whose observation is off, led by a request whose own observation is on. */
  private record UnobservedSharedCall(Caller leader) implements SharedCall {

    @Override
    // settle hands the outcome over; whether anyone was left to get it, only an observation needs
    @SuppressWarnings("ReturnValueIgnored")
    public void end(
        BooleanSupplier settle,
        SharedCallOutcome observed,
        @Nullable Throwable failure,
        @Nullable UnsharedReason reason) {
      settle.getAsBoolean();
      if (reason != null) {
        leader.outcome(CallerOutcome.LED, reason.tag());
      }
    }
  }

  private final class ObservedSharedCall implements SharedCall {

    private final Observation observation;
    private final @Nullable Object linkTarget;
    private final Caller leader;

    ObservedSharedCall(Observation observation, @Nullable Object linkTarget, Caller leader) {
      this.observation = observation;
      this.linkTarget = linkTarget;
      this.leader = leader;
    }

    @Override
    public void end(
        BooleanSupplier settle,
        SharedCallOutcome observed,
        @Nullable Throwable failure,
        @Nullable UnsharedReason reason) {
      sizes.reset();
      boolean completed = settle.getAsBoolean();
      String tag = reason == null ? null : reason.tag();
      if (tag != null) {
        leader.outcome(CallerOutcome.LED, tag);
      }
      SharedCallObservations.stop(
          observation,
          sizes.last(),
          completed ? observed : SharedCallOutcome.ABANDONED,
          failure,
          tag);
    }
  }
}
