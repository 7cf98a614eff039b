package io.github.collapseexecutor.spring.cloud.gateway.autoconfigure;

import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorAutoConfiguration;
import io.github.collapseexecutor.spring.boot.autoconfigure.support.HttpAdapterSupport;
import io.github.collapseexecutor.spring.cloud.gateway.CollapseGatewayFilterFactory;
import io.github.collapseexecutor.spring.webflux.CollapseWebFilter;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.cloud.gateway.config.GatewayProperties;
import org.springframework.cloud.gateway.filter.GatewayFilter;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.Environment;

/**
 * Registers the {@code Collapse} route filter of Spring Cloud Gateway (server WebFlux), whose
 * routes name the policies and groups of the {@code collapse.executor.gateway} section. Each route
 * that names the filter gets a collapse executor of its own, {@code gateway.<route id>}, in the
 * meters and the {@code collapse} endpoint, for as long as its routes hold the filter.
 *
 * <p>At startup, each {@code Collapse} filter of the routes and default filters of
 * {@code spring.cloud.gateway.server.webflux} that names a policy or a group the section does not
 * define stops the application, with the route and the names it defines.
 *
 * <p>Backs off when the application defines a {@link CollapseGatewayFilterFactory} bean. Off when
 * {@code collapse.executor.enabled} or {@code collapse.executor.gateway.enabled} is false, and
 * outside a reactive web application with the gateway.
 */
@AutoConfiguration(after = CollapseExecutorAutoConfiguration.class)
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.REACTIVE)
@ConditionalOnClass({GatewayFilter.class, CollapseWebFilter.class})
@ConditionalOnBooleanProperty(name = "collapse.executor.enabled", matchIfMissing = true)
@ConditionalOnBooleanProperty(name = "collapse.executor.gateway.enabled", matchIfMissing = true)
@EnableConfigurationProperties(CollapseGatewayProperties.class)
public final class CollapseGatewayAutoConfiguration {

  CollapseGatewayAutoConfiguration() {}

  @Bean
  RouteCollapsers collapseRouteCollapsers(
      CollapseGatewayProperties section, HttpAdapterSupport adapters, Environment environment) {
    Binder binder = Binder.get(environment);
    return new RouteCollapsers(
        section,
        () ->
            binder.bindOrCreate(
                CollapseGatewayProperties.PREFIX, Bindable.of(CollapseGatewayProperties.class)),
        adapters);
  }

  @Bean
  RouteRefreshes collapseRouteRefreshes(RouteCollapsers collapsers) {
    return new RouteRefreshes(collapsers);
  }

  @Bean
  @ConditionalOnMissingBean(CollapseGatewayFilterFactory.class)
  CollapseGatewayFilterFactory collapseGatewayFilterFactory(
      RouteCollapsers collapsers, ObjectProvider<GatewayProperties> gateway) {
    gateway.ifAvailable(properties -> RouteArguments.check(properties, collapsers));
    return new CollapseGatewayFilterFactory(collapsers);
  }
}
