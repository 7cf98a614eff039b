package io.github.collapseexecutor.spring.boot.autoconfigure.fleet;

import io.github.collapseexecutor.http.HttpFleet;
import io.github.collapseexecutor.redis.FleetCoordinator;
import io.github.collapseexecutor.redis.RedisHttpFleet;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

/**
 * The fleet tier of the HTTP adapters ({@link RedisHttpFleet}) on the application's
 * {@link FleetCoordinator}, for the adapters whose section asks for it ({@code fleet: true}).
 * After {@link CollapseFleetAutoConfiguration}, so that it sees the coordinator made there; an
 * application's own {@link HttpFleet} bean takes its place.
 */
@AutoConfiguration(after = CollapseFleetAutoConfiguration.class)
@ConditionalOnClass({HttpFleet.class, FleetCoordinator.class})
final class HttpFleetAutoConfiguration {

  @Bean
  @ConditionalOnMissingBean
  @ConditionalOnBean(FleetCoordinator.class)
  HttpFleet collapseHttpFleet(FleetCoordinator coordinator) {
    return RedisHttpFleet.of(coordinator);
  }
}
