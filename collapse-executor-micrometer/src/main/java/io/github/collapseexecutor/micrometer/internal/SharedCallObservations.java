package io.github.collapseexecutor.micrometer.internal;

import io.github.collapseexecutor.core.SharedCallOutcome;
import io.github.collapseexecutor.micrometer.CollapseObservationContext;
import io.github.collapseexecutor.micrometer.CollapseObservationConvention;
import io.github.collapseexecutor.micrometer.CollapseObservationDocumentation;
import io.github.collapseexecutor.micrometer.CollapseObservations;
import io.github.collapseexecutor.micrometer.DefaultCollapseObservationConvention;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import org.jspecify.annotations.Nullable;

/**
 * Makes the {@code collapse.call} observations of shared calls, and the callers' views of their
 * own observations, on one registry with one convention: what the HTTP adapters and the annotated
 * methods observe alike.
 */
public final class SharedCallObservations {

  private static final DefaultCollapseObservationConvention DEFAULT_CONVENTION =
      new DefaultCollapseObservationConvention();

  private final ObservationRegistry registry;

  /** The user's convention, or null for the default one. */
  private final @Nullable CollapseObservationConvention convention;

  private final SpanLinks links = SpanLinks.forClassPath();

  /** Observes on the registry and with the convention of {@code observations}. */
  public SharedCallObservations(CollapseObservations observations) {
    this.registry = observations.registry();
    this.convention = observations.convention();
  }

  /** Returns the registry. */
  public ObservationRegistry registry() {
    return registry;
  }

  /** Returns the caller whose observation is current on this thread, or {@code null}. */
  public @Nullable ObservedCaller currentCaller() {
    return ObservedCaller.current(registry, links);
  }

  /** Returns {@code observation} as a caller, or {@code null} if it records nothing. */
  public @Nullable ObservedCaller caller(Observation observation) {
    return ObservedCaller.of(observation, links);
  }

  /**
   * Returns the observation of one shared call, not started. The context is made only if the
   * registry observes, so a no-op registry costs no allocation.
   *
   * @param groupName the collapse group's name, or {@code null}
   */
  public Observation sharedCall(String executorName, @Nullable String groupName) {
    return CollapseObservationDocumentation.SHARED_CALL.observation(
        convention,
        DEFAULT_CONVENTION,
        () -> new CollapseObservationContext(executorName, groupName),
        registry);
  }

  /**
   * Starts {@code observation} as a child of {@code parent}, the observation of the caller that
   * makes the shared call, with the parent's scope open meanwhile: a tracer takes the span current
   * on this thread over the parent observation's when the two differ, and the parent need not be
   * current here (a WebClient exchange, a {@code Mono}, subscribed on the thread of a caller
   * inside a span of its own).
   *
   * @param parent the caller's observation, or {@code null} for the one current on this thread
   */
  @SuppressWarnings("try") // the scope only makes the parent current while the child starts
  public static void startChildOf(Observation observation, @Nullable Observation parent) {
    if (parent == null) {
      observation.start();
      return;
    }
    observation.parentObservation(parent);
    try (Observation.Scope scope = parent.openScope()) {
      observation.start();
    }
  }

  /**
   * Returns what a caller's span links to for the started {@code observation}, or {@code null}.
   */
  public @Nullable Object linkTarget(Observation observation) {
    return links.target(observation.getContextView());
  }

  /**
   * Records how the shared call ended and stops its observation.
   *
   * @param failure what it failed with, or {@code null}
   * @param reason why its result was not shared, or {@code null}
   */
  public static void stop(
      Observation observation,
      int batchSize,
      SharedCallOutcome outcome,
      @Nullable Throwable failure,
      @Nullable String reason) {
    if (observation.getContext() instanceof CollapseObservationContext context) {
      context.ended(batchSize, outcome, reason);
    }
    if (failure != null) {
      observation.error(failure);
    }
    observation.stop();
  }
}
