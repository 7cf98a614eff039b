package io.github.collapseexecutor.micrometer.internal;

import io.github.collapseexecutor.core.CallerOutcome;
import io.github.collapseexecutor.micrometer.CollapseObservationDocumentation.CallerKeys;
import io.micrometer.common.KeyValue;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import java.util.Arrays;
import org.jspecify.annotations.Nullable;

/**
 * A caller's own observation, on which collapsing records what the caller did
 * ({@link CallerKeys}) and links the caller's span to the span of the call it shared.
 */
public final class ObservedCaller {

  // every caller gets one of a few outcomes and reasons: their keys are made once, not per call
  private static final KeyValue[] OUTCOMES =
      Arrays.stream(CallerOutcome.values())
          .map(outcome -> CallerKeys.OUTCOME.withValue(outcome.tag()))
          .toArray(KeyValue[]::new);
  // the reasons are tags of a fixed set; the bound is only a guard against a caller's own
  private static final BoundedMemo<String, KeyValue> REASONS =
      new BoundedMemo<>(64, CallerKeys.REASON::withValue);

  private final Observation observation;
  private final SpanLinks links;

  private ObservedCaller(Observation observation, SpanLinks links) {
    this.observation = observation;
    this.links = links;
  }

  /**
   * Returns {@code observation} as a caller, or {@code null} if there is none to record on.
   *
   * @param observation the caller's observation, or {@code null}
   */
  static @Nullable ObservedCaller of(@Nullable Observation observation, SpanLinks links) {
    return observation == null || observation.isNoop()
        ? null
        : new ObservedCaller(observation, links);
  }

  /** Returns the observation current on this thread as a caller, or {@code null}. */
  static @Nullable ObservedCaller current(ObservationRegistry registry, SpanLinks links) {
    return of(registry.getCurrentObservation(), links);
  }

  /** Returns the caller's observation. */
  public Observation observation() {
    return observation;
  }

  /**
   * Records what the caller did; a later call replaces an earlier one.
   *
   * @param reason why, or {@code null} if there is nothing to add
   */
  @SuppressWarnings("EnumOrdinal") // a table by ordinal, made from values(): never stored
  public void outcome(CallerOutcome outcome, @Nullable String reason) {
    observation.highCardinalityKeyValue(OUTCOMES[outcome.ordinal()]);
    if (reason != null) {
      observation.highCardinalityKeyValue(REASONS.get(reason));
    } else {
      // a joined caller that fell back after all replaces its earlier outcome, not its reason
      observation.getContext().removeHighCardinalityKeyValue(CallerKeys.REASON.asString());
    }
  }

  /**
   * Links the caller's span to {@code target}, from {@link SharedCallObservations#linkTarget},
   * where the tracer supports links.
   */
  public void linkTo(@Nullable Object target) {
    links.link(observation.getContextView(), target);
  }
}
