package io.github.collapseexecutor.spring.http.internal;

import io.github.collapseexecutor.core.CollapseListener;
import io.github.collapseexecutor.spring.http.CollapseGroup;
import io.github.collapseexecutor.spring.http.CollapseKey;
import io.github.collapseexecutor.spring.http.HttpCollapseOptions;
import io.github.collapseexecutor.spring.http.UnsharedReason;
import io.github.collapseexecutor.spring.observation.CollapseObservationContext;
import io.github.collapseexecutor.spring.observation.CollapseObservationConvention;
import io.github.collapseexecutor.spring.observation.CollapseObservationDocumentation;
import io.github.collapseexecutor.spring.observation.CollapseObservationDocumentation.CallerKeys;
import io.github.collapseexecutor.spring.observation.DefaultCollapseObservationConvention;
import io.github.collapseexecutor.spring.observation.SharedCallOutcome;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * The {@link CallObserver} on a Micrometer {@link ObservationRegistry}: the caller's keys on its
 * own observation, an observation per shared call (a child of the leading request's), and span
 * links from the requests that joined to the shared call, where the tracer supports them.
 * Loaded only when the options name a registry, so the protocol runs without Micrometer.
 */
final class ObservedCalls implements CallObserver {

  private static final DefaultCollapseObservationConvention DEFAULT_CONVENTION =
      new DefaultCollapseObservationConvention();

  private final ObservationRegistry registry;
  private final CollapseObservationConvention convention;
  private final List<String> groupNames;
  private final ReportedSizes sizes = new ReportedSizes();
  private final SpanLinks links = SpanLinks.forClassPath();

  ObservedCalls(HttpCollapseOptions options) {
    this.registry = options.observations().registry();
    this.convention = options.observations().convention();
    this.groupNames = options.groups().stream().map(CollapseGroup::name).toList();
  }

  /** Returns {@code listener}, on the way to which the sizes of shared calls are kept. */
  @Override
  public CollapseListener listener(CollapseListener listener) {
    return sizes.around(listener);
  }

  @Override
  public Caller caller(Object observation) {
    Observation own = observation instanceof Observation given
        ? given : registry.getCurrentObservation();
    return own == null || own.isNoop() ? Caller.NONE : new ObservedCaller(own);
  }

  @Override
  public SharedCall sharedCall(String executorName, CollapseKey key, Caller leader) {
    // the context is made only if the registry observes: a no-op registry costs no allocation
    Observation observation = CollapseObservationDocumentation.SHARED_CALL.observation(
        convention, DEFAULT_CONVENTION,
        () -> new CollapseObservationContext(executorName, groupNames.get(key.group())), registry);
    if (observation.isNoop() && leader == Caller.NONE) {
      return SharedCall.NONE; // nothing to record, nor a leader to tell why its call was refused
    }
    if (leader instanceof ObservedCaller caller) {
      // the leading request's observation need not be current here (a WebClient exchange)
      observation.parentObservation(caller.observation);
    }
    observation.start();
    return new ObservedSharedCall(observation, links.target(observation.getContextView()), leader);
  }

  private final class ObservedCaller implements Caller {

    private final Observation observation;

    ObservedCaller(Observation observation) {
      this.observation = observation;
    }

    @Override
    public void outcome(CallerOutcome outcome, String reason) {
      observation.highCardinalityKeyValue(CallerKeys.OUTCOME.withValue(outcome.tag()));
      if (reason != null) {
        observation.highCardinalityKeyValue(CallerKeys.REASON.withValue(reason));
      } else {
        // a joined request that fell back after all replaces its earlier outcome, not its reason
        observation.getContext().removeHighCardinalityKeyValue(CallerKeys.REASON.asString());
      }
    }

    @Override
    public void linkTo(SharedCall call) {
      if (call instanceof ObservedSharedCall shared) {
        links.link(observation.getContextView(), shared.linkTarget);
      }
    }
  }

  private final class ObservedSharedCall implements SharedCall {

    private final Observation observation;
    private final Object linkTarget;
    private final Caller leader;

    ObservedSharedCall(Observation observation, Object linkTarget, Caller leader) {
      this.observation = observation;
      this.linkTarget = linkTarget;
      this.leader = leader;
    }

    @Override
    public void end(CompletableFuture<Outcome> promise, Outcome outcome, Throwable failure,
        SharedCallOutcome observed, UnsharedReason reason) {
      // the executor reports the call, and how many requests shared it, while the promise
      // completes, on this thread
      sizes.reset();
      boolean completed = SharedCall.settle(promise, outcome, failure);
      String tag = reason == null ? null : reason.tag();
      if (tag != null) {
        leader.outcome(CallerOutcome.LED, tag);
      }
      if (observation.getContext() instanceof CollapseObservationContext context) {
        context.ended(sizes.last(), completed ? observed : SharedCallOutcome.ABANDONED, tag);
      }
      if (failure != null) {
        observation.error(failure);
      }
      observation.stop();
    }
  }
}
