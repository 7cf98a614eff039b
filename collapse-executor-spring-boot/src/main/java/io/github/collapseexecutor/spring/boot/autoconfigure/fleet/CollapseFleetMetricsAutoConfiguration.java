package io.github.collapseexecutor.spring.boot.autoconfigure.fleet;

import io.github.collapseexecutor.core.Incubating;
import io.github.collapseexecutor.micrometer.FleetStatsMeterBinder;
import io.github.collapseexecutor.redis.FleetCoordinator;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.context.annotation.Bean;

/**
 * The meters of the application's fleet tier ({@link FleetStatsMeterBinder}:
 * {@value FleetStatsMeterBinder#CALLS} by outcome, {@value FleetStatsMeterBinder#OUTAGES},
 * {@value FleetStatsMeterBinder#COORDINATING}), which Spring Boot's metrics bind to every
 * registry. On where Micrometer is on the class path and there is a {@link FleetCoordinator}
 * bean, the auto-configured one or the application's own.
 */
@AutoConfiguration(after = CollapseFleetAutoConfiguration.class)
@ConditionalOnClass({FleetCoordinator.class, MeterRegistry.class})
@ConditionalOnBean(FleetCoordinator.class)
@Incubating
final class CollapseFleetMetricsAutoConfiguration {

  @Bean
  FleetStatsMeterBinder collapseFleetMeters(FleetCoordinator coordinator) {
    return new FleetStatsMeterBinder(coordinator.options().name(), coordinator.stats());
  }
}
