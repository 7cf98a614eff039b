package io.github.collapseexecutor.spring.boot.autoconfigure.webflux;

import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorAutoConfiguration;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorProperties.CollapseWebFluxProperties;
import io.github.collapseexecutor.spring.boot.autoconfigure.support.ConditionalOnCollapseGroups;
import io.github.collapseexecutor.spring.boot.autoconfigure.support.ConditionalOnCollapseGroups.FilterNotRegistered;
import io.github.collapseexecutor.spring.boot.autoconfigure.support.HttpAdapterSupport;
import io.github.collapseexecutor.spring.webflux.CollapseWebFilter;
import java.util.Map;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.web.server.WebFilter;

/**
 * Registers the collapse filter for the inbound requests of a reactive web application,
 * configured by the {@code collapse.executor.webflux} section, as a {@code WebFilter} bean at
 * {@code order}.
 *
 * <p>The default order, {@link org.springframework.core.Ordered#LOWEST_PRECEDENCE}, puts it after
 * every {@code WebFilter} that has an order (Spring Security's chain is at -100), so that those run
 * for every request, the exchange's principal is known when the key is made, and only what comes
 * after the filter, normally the handler, is shared. A {@code WebFilter} bean with no order ties
 * with it: give filters that must see every request an order.
 *
 * <p>On Spring Framework 7, the API version the application's {@code ApiVersionStrategy} resolves
 * for an exchange joins its key, so that requests for two versions never share.
 *
 * <p>Collapsing inbound requests is opt-in, as for the servlet filter: without
 * {@code collapse.executor.webflux.collapse-groups} the filter is not registered at all, and the
 * start-up log says so once, at INFO.
 *
 * <p>Backs off when the application defines a {@code CollapseWebFilter} bean. Off when
 * {@code collapse.executor.enabled} or {@code collapse.executor.webflux.enabled} is false, outside
 * a reactive web application, and without the {@code collapse-executor-spring-webflux} artifact.
 */
@AutoConfiguration(after = CollapseExecutorAutoConfiguration.class)
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.REACTIVE)
@ConditionalOnClass({WebFilter.class, CollapseWebFilter.class})
@ConditionalOnBooleanProperty(name = "collapse.executor.enabled", matchIfMissing = true)
@ConditionalOnBooleanProperty(name = "collapse.executor.webflux.enabled", matchIfMissing = true)
@EnableConfigurationProperties(CollapseWebFluxProperties.class)
public final class CollapseWebFluxAutoConfiguration {

  /** The integration tag and executor name of the filter. */
  public static final String INTEGRATION = CollapseWebFilter.DEFAULT_NAME;

  /** The property whose groups turn the filter on. */
  static final String GROUPS = "collapse.executor.webflux.collapse-groups";

  @Bean
  @ConditionalOnMissingBean(CollapseWebFilter.class)
  @ConditionalOnCollapseGroups(GROUPS)
  CollapseWebFilter collapseWebFilter(
      CollapseWebFluxProperties section, HttpAdapterSupport adapters, ListableBeanFactory beans) {
    return adapters.newAdapter(
        INTEGRATION,
        section,
        options ->
            new CollapseWebFilter(options, section.getOrder(), WebFluxApiVersions.keyPart(beans)),
        Map.of("order", section.getOrder()));
  }

  /**
   * Says once, when the context starts, that the filter is not registered for want of groups;
   * not when the application defines a filter of its own, nor in a Spring Cloud Gateway, whose
   * routes collapse with their own {@code Collapse} filter.
   */
  @Bean
  @ConditionalOnMissingBean(CollapseWebFilter.class)
  @ConditionalOnMissingClass("org.springframework.cloud.gateway.route.RouteLocator")
  @ConditionalOnCollapseGroups(value = GROUPS, present = false)
  static FilterNotRegistered collapseWebFilterNotRegistered() {
    return new FilterNotRegistered(
        CollapseWebFluxAutoConfiguration.class, "WebFlux filter", GROUPS);
  }
}
