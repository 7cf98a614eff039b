package io.github.collapseexecutor.micrometer.annotation;

import io.github.collapseexecutor.micrometer.CollapseObservations;
import io.github.collapseexecutor.spring.observation.MethodObserver;

/**
 * The {@link MethodObserver}s of {@code @Collapsible} and {@code @CollapseBatch} methods on
 * Micrometer. Spring Boot's auto-configuration defines one; an application with
 * {@code @EnableCollapsing} and no Spring Boot defines it as a bean:
 *
 * <pre>{@code
 * @Bean
 * MethodObserver collapseMethodObserver(ObservationRegistry registry) {
 *   return MicrometerMethodObservers.observing(CollapseObservations.of(registry));
 * }
 * }</pre>
 *
 * <p>Both announce each executor of an annotated method to its listener when it is created
 * ({@link io.github.collapseexecutor.micrometer.ExecutorCreationListener}), so that a
 * {@link io.github.collapseexecutor.micrometer.MicrometerCollapseListener} registers its meters
 * then.
 */
public final class MicrometerMethodObservers {

  private MicrometerMethodObservers() {}

  /**
   * Returns an observer that observes each run of a method or of a batch method as
   * {@code collapse.call}, a child of the observation of the caller that started it; records on
   * each caller's own observation what its call did ({@code collapse.outcome},
   * {@code collapse.reason}); and links the span of a caller that did not run the method to the
   * run's span, where Micrometer Tracing's OpenTelemetry bridge is present. The observation times
   * the runs, so the meter listener does not.
   */
  public static MethodObserver observing(CollapseObservations observations) {
    return new ObservedMethods(observations);
  }

  /**
   * Returns an observer that makes no observation and only announces each executor to its meter
   * listener, for an application that records meters without an {@code ObservationRegistry}.
   */
  public static MethodObserver metersOnly() {
    return MetersOnly.INSTANCE;
  }
}
