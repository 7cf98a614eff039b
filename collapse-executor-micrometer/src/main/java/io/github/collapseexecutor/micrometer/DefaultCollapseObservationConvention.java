package io.github.collapseexecutor.micrometer;

import io.github.collapseexecutor.micrometer.CollapseObservationDocumentation.SharedCallHighCardinalityKeys;
import io.github.collapseexecutor.micrometer.CollapseObservationDocumentation.SharedCallLowCardinalityKeys;
import io.github.collapseexecutor.micrometer.internal.BoundedMemo;
import io.micrometer.common.KeyValues;
import org.jspecify.annotations.Nullable;

/**
 * The default names and keys of a shared call's observation: name {@value #NAME}, contextual name
 * {@code collapse <executor>}, the keys of {@link SharedCallLowCardinalityKeys} and
 * {@link SharedCallHighCardinalityKeys}. Extend it to change a part and keep the rest.
 *
 * <p>The low-cardinality keys of a shared call are asked for when it starts and when it stops,
 * and take few distinct values: each set is made once and kept, up to {@value #MAX_KEPT} sets.
 */
public class DefaultCollapseObservationConvention implements CollapseObservationConvention {

  /** The name of the observation, and of the timer Spring Boot's meter handler makes of it. */
  public static final String NAME = "collapse.call";

  private static final String NONE = "none";
  private static final int MAX_KEPT = 256;

  // the bound guards against executor or group names made per call
  private final BoundedMemo<LowCardinality, KeyValues> kept =
      new BoundedMemo<>(MAX_KEPT, LowCardinality::keys);

  /** Creates the convention; a subclass overrides the parts it changes. */
  public DefaultCollapseObservationConvention() {}

  @Override
  public String getName() {
    return NAME;
  }

  @Override
  public String getContextualName(CollapseObservationContext context) {
    return "collapse " + context.executorName();
  }

  @Override
  public KeyValues getLowCardinalityKeyValues(CollapseObservationContext context) {
    LowCardinality values =
        new LowCardinality(
            context.executorName(),
            orNone(context.groupName()),
            context.outcome().tag(),
            orNone(context.reason()));
    return kept.get(values);
  }

  @Override
  public KeyValues getHighCardinalityKeyValues(CollapseObservationContext context) {
    return KeyValues.of(
        SharedCallHighCardinalityKeys.BATCH_SIZE.withValue(Integer.toString(context.batchSize())));
  }

  private static String orNone(@Nullable String value) {
    return value == null ? NONE : value;
  }

  /** The values of the low-cardinality keys of one shared call. */
  private record LowCardinality(String executor, String group, String outcome, String reason) {

    KeyValues keys() {
      return KeyValues.of(
          SharedCallLowCardinalityKeys.EXECUTOR.withValue(executor),
          SharedCallLowCardinalityKeys.GROUP.withValue(group),
          SharedCallLowCardinalityKeys.OUTCOME.withValue(outcome),
          SharedCallLowCardinalityKeys.REASON.withValue(reason));
    }
  }
}
