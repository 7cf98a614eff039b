package io.github.collapseexecutor.spring.observation;

import io.github.collapseexecutor.spring.observation.CollapseObservationDocumentation.SharedCallHighCardinalityKeys;
import io.github.collapseexecutor.spring.observation.CollapseObservationDocumentation.SharedCallLowCardinalityKeys;
import io.micrometer.common.KeyValues;

/**
 * The default names and keys of a shared call's observation: name {@value #NAME}, contextual name
 * {@code collapse <executor>}, the keys of {@link SharedCallLowCardinalityKeys} and
 * {@link SharedCallHighCardinalityKeys}. Extend it to change a part and keep the rest.
 */
public class DefaultCollapseObservationConvention implements CollapseObservationConvention {

  /** The name of the observation, and of the timer Spring Boot's meter handler makes of it. */
  public static final String NAME = "collapse.call";

  private static final String NONE = "none";

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
    return KeyValues.of(
        SharedCallLowCardinalityKeys.EXECUTOR.withValue(context.executorName()),
        SharedCallLowCardinalityKeys.GROUP.withValue(orNone(context.groupName())),
        SharedCallLowCardinalityKeys.OUTCOME.withValue(context.outcome().tag()),
        SharedCallLowCardinalityKeys.REASON.withValue(orNone(context.reason())));
  }

  @Override
  public KeyValues getHighCardinalityKeyValues(CollapseObservationContext context) {
    return KeyValues.of(SharedCallHighCardinalityKeys.BATCH_SIZE
        .withValue(Integer.toString(context.batchSize())));
  }

  private static String orNone(String value) {
    return value == null ? NONE : value;
  }
}
