package io.github.collapseexecutor.spring.boot.autoconfigure.metrics;

import io.github.collapseexecutor.micrometer.HttpCollapseStatsMeterBinder;
import io.github.collapseexecutor.micrometer.MicrometerCollapseListener;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorAutoConfiguration;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutors;
import io.github.collapseexecutor.spring.boot.autoconfigure.CoreRunObservations;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;

/**
 * Binds every auto-configured collapse executor to Micrometer with the meters of
 * {@code collapse-executor-micrometer}: a {@link MicrometerCollapseListener} per executor through
 * the core's listener SPI, and the counters of the HTTP adapters
 * ({@link HttpCollapseStatsMeterBinder}). On when Micrometer is on the class path and a
 * {@link MeterRegistry} bean exists.
 */
@AutoConfiguration(
    after = CollapseExecutorAutoConfiguration.class,
    afterName = {
      CollapseMetricsAutoConfiguration.METRICS_AUTO_CONFIGURATION,
      CollapseMetricsAutoConfiguration.COMPOSITE_REGISTRY_AUTO_CONFIGURATION,
      CollapseMetricsAutoConfiguration.BOOT3_METRICS_AUTO_CONFIGURATION,
      CollapseMetricsAutoConfiguration.BOOT3_COMPOSITE_REGISTRY_AUTO_CONFIGURATION
    })
@ConditionalOnClass(MeterRegistry.class)
@ConditionalOnBean(MeterRegistry.class)
@ConditionalOnBooleanProperty(name = "collapse.executor.enabled", matchIfMissing = true)
public final class CollapseMetricsAutoConfiguration {

  // by name, so that spring-boot-micrometer-metrics stays optional
  static final String METRICS_AUTO_CONFIGURATION =
      "org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration";
  static final String COMPOSITE_REGISTRY_AUTO_CONFIGURATION =
      "org.springframework.boot.micrometer"
          + ".metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration";
  // the same two on Spring Boot 3, for collapse-executor-spring-boot3
  static final String BOOT3_METRICS_AUTO_CONFIGURATION =
      "org.springframework.boot.actuate.autoconfigure.metrics.MetricsAutoConfiguration";
  static final String BOOT3_COMPOSITE_REGISTRY_AUTO_CONFIGURATION =
      "org.springframework.boot"
          + ".actuate.autoconfigure.metrics.CompositeMeterRegistryAutoConfiguration";

  /** Ordered first, so that meters are up to date before any other listener sees a report. */
  @Bean
  @ConditionalOnMissingBean
  @Order(Ordered.HIGHEST_PRECEDENCE)
  MicrometerCollapseListenerFactory micrometerCollapseListenerFactory(
      MeterRegistry registry, ObjectProvider<CoreRunObservations> runObservations) {
    CoreRunObservations observed = runObservations.getIfAvailable();
    return new MicrometerCollapseListenerFactory(
        registry, observed == null ? integration -> false : observed::observes);
  }

  @Bean
  @ConditionalOnMissingBean
  @ConditionalOnBean(CollapseExecutors.class)
  CollapseExecutorsMeterBinder httpCollapseStatsMeterBinder(CollapseExecutors executors) {
    return new CollapseExecutorsMeterBinder(executors);
  }
}
