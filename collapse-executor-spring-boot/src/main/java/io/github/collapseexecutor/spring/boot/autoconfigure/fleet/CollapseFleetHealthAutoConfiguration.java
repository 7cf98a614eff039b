package io.github.collapseexecutor.spring.boot.autoconfigure.fleet;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.context.annotation.Import;

/**
 * The {@code collapseFleet} health contributor ({@link FleetHealth}), where the application has a
 * fleet tier and Spring Boot's health support is on the class path; off with
 * {@code management.health.collapse-fleet.enabled=false}. The indicator itself is made on each
 * Spring Boot line's health types, by a {@code FleetHealthIndicatorConfiguration} of the line's
 * sources.
 */
@AutoConfiguration(after = CollapseFleetAutoConfiguration.class)
@ConditionalOnBean(CollapseFleetState.class)
@Import(FleetHealthIndicatorConfiguration.class)
final class CollapseFleetHealthAutoConfiguration {}
