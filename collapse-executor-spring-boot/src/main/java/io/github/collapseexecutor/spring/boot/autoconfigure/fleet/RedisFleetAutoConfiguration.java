package io.github.collapseexecutor.spring.boot.autoconfigure.fleet;

import io.github.collapseexecutor.fleet.Fleet;
import io.github.collapseexecutor.redis.FleetCoordinator;
import io.github.collapseexecutor.redis.RedisFleet;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

/**
 * The application's {@link Fleet} on its {@link FleetCoordinator} ({@link RedisFleet}): the one
 * seam that the adapters whose section asks for the fleet ({@code fleet: true}) and the
 * {@code @Collapsible(fleet = true)} methods call. After {@link CollapseFleetAutoConfiguration},
 * so that it sees the coordinator made there; an application's own {@link Fleet} bean takes its
 * place.
 */
@AutoConfiguration(after = CollapseFleetAutoConfiguration.class)
@ConditionalOnClass({Fleet.class, FleetCoordinator.class})
final class RedisFleetAutoConfiguration {

  @Bean
  @ConditionalOnMissingBean
  @ConditionalOnBean(FleetCoordinator.class)
  Fleet collapseFleet(FleetCoordinator coordinator) {
    return RedisFleet.of(coordinator);
  }
}
