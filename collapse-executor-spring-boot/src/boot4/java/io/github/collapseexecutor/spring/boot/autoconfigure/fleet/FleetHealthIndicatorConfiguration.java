package io.github.collapseexecutor.spring.boot.autoconfigure.fleet;

import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.health.autoconfigure.contributor.ConditionalOnEnabledHealthIndicator;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The {@code collapseFleet} health indicator on Spring Boot 4's health types, for
 * {@link CollapseFleetHealthAutoConfiguration}; {@code collapse-executor-spring-boot3} has its own
 * on Spring Boot 3's. UP whatever the tier's state, for the reasons {@link FleetHealth} gives.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnClass(
    name = {
      "org.springframework.boot.health.contributor.HealthIndicator",
      "org.springframework.boot.health.autoconfigure.contributor.ConditionalOnEnabledHealthIndicator"
    })
@ConditionalOnEnabledHealthIndicator("collapse-fleet")
class FleetHealthIndicatorConfiguration {

  @Bean
  @ConditionalOnMissingBean(name = "collapseFleetHealthIndicator")
  HealthIndicator collapseFleetHealthIndicator(CollapseFleetState fleet) {
    return () -> Health.up().withDetails(FleetHealth.details(fleet)).build();
  }
}
