package io.github.collapseexecutor.spring.boot.autoconfigure;

import org.springframework.boot.actuate.autoconfigure.health.ConditionalOnEnabledHealthIndicator;
import org.springframework.boot.actuate.health.Health;
import org.springframework.boot.actuate.health.HealthIndicator;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The {@code collapse} health indicator on Spring Boot 3's health types, for
 * {@link CollapseExecutorAutoConfiguration}. What it reports is {@link CollapseHealth}'s. Off
 * with {@code management.health.collapse.enabled=false}.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnClass(
    name = {
      "org.springframework.boot.actuate.health.HealthIndicator",
      "org.springframework.boot.actuate.autoconfigure.health.ConditionalOnEnabledHealthIndicator"
    })
@ConditionalOnEnabledHealthIndicator("collapse")
class CollapseHealthIndicatorConfiguration {

  @Bean
  CollapseHealth collapseHealth(CollapseExecutors executors) {
    return new CollapseHealth(executors);
  }

  /** Tells the health of every refused call; listens only while the indicator is on. */
  @Bean
  CollapseListenerFactory collapseHealthListener(CollapseHealth health) {
    return health.listenerFactory();
  }

  @Bean
  @ConditionalOnMissingBean(name = "collapseHealthIndicator")
  HealthIndicator collapseHealthIndicator(CollapseHealth health) {
    return () -> {
      CollapseHealth.Report report = health.check();
      return (report.up() ? Health.up() : Health.down()).withDetails(report.details()).build();
    };
  }
}
