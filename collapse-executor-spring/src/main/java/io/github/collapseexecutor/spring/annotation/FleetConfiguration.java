package io.github.collapseexecutor.spring.annotation;

import io.github.collapseexecutor.fleet.Fleet;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Role;

/**
 * What {@link EnableCollapsing} registers for the {@link Collapsible} methods that ask for the
 * fleet tier: their leaders' runs through the application's {@link Fleet} bean (Spring Boot makes
 * one on the application's Redis connection), asked for when the first such method is found.
 */
@Configuration(proxyBeanMethods = false)
@Role(BeanDefinition.ROLE_INFRASTRUCTURE)
class FleetConfiguration {

  @Bean
  FleetRoutes collapseMethodFleet(
      ObjectProvider<Fleet> fleet,
      ListableBeanFactory beanFactory,
      CompletedWrites collapseCompletedWrites) {
    return new FleetRoutes(fleet, beanFactory, collapseCompletedWrites);
  }
}
