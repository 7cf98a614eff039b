package io.github.collapseexecutor.micrometer;

import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationConvention;

/**
 * Names a shared call's observation and picks its keys. Replace the
 * {@link DefaultCollapseObservationConvention} with a bean of this type (Spring Boot) or with
 * {@code HttpCollapseOptions.Builder.observationConvention}, for example to add a key:
 *
 * <pre>{@code
 * @Bean
 * CollapseObservationConvention collapseObservationConvention() {
 *   return new DefaultCollapseObservationConvention() {
 *     public KeyValues getLowCardinalityKeyValues(CollapseObservationContext context) {
 *       return super.getLowCardinalityKeyValues(context).and("region", "eu-west-1");
 *     }
 *   };
 * }
 * }</pre>
 */
public interface CollapseObservationConvention
    extends ObservationConvention<CollapseObservationContext> {

  @Override
  default boolean supportsContext(Observation.Context context) {
    return context instanceof CollapseObservationContext;
  }
}
