package io.github.collapseexecutor.spring.fleet;

import io.github.collapseexecutor.core.Incubating;
import io.github.collapseexecutor.fleet.Fleet;
import io.github.collapseexecutor.spring.annotation.LeaderRoutes;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Role;

/**
 * Routes the leaders' runs of the {@code @Collapsible} methods that ask for the fleet tier
 * ({@code fleet = true} on the method or its named executor) through the application's
 * {@link Fleet} bean, asked for when the first such method is found; the other methods make their
 * runs here. Spring Boot's auto-configuration imports it, with a {@code Fleet} on the
 * application's Redis. Without Spring Boot, import it beside {@code @EnableCollapsing} and define
 * the {@code Fleet} bean:
 *
 * <pre>{@code
 * @Configuration
 * @EnableCollapsing
 * @Import(CollapsibleFleetConfiguration.class)
 * class AppConfiguration {
 *
 *   @Bean
 *   Fleet fleet(FleetCoordinator coordinator) {
 *     return RedisFleet.of(coordinator);
 *   }
 * }
 * }</pre>
 *
 * <p>A method that asks for the tier is checked when its bean is created: no {@code Fleet} bean,
 * or nothing that writes its results for the other instances (a {@code FleetCodec} bean of its
 * result type, or Jackson), stops the application.
 */
@Configuration(proxyBeanMethods = false)
@Role(BeanDefinition.ROLE_INFRASTRUCTURE)
@Incubating
public final class CollapsibleFleetConfiguration {

  /** Creates the configuration: Spring does, where it is imported. */
  public CollapsibleFleetConfiguration() {}

  @Bean
  @Role(BeanDefinition.ROLE_INFRASTRUCTURE)
  LeaderRoutes collapseMethodFleet(ObjectProvider<Fleet> fleet, ListableBeanFactory beanFactory) {
    return new FleetRoutes(fleet, beanFactory);
  }
}
