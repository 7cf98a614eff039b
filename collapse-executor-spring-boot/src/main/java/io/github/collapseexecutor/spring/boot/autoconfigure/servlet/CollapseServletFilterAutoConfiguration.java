package io.github.collapseexecutor.spring.boot.autoconfigure.servlet;

import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.servlet.CollapseServletFilter;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorAutoConfiguration;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorProperties.CollapseServletFilterProperties;
import io.github.collapseexecutor.spring.boot.autoconfigure.support.ConditionalOnCollapseGroups;
import io.github.collapseexecutor.spring.boot.autoconfigure.support.ConditionalOnCollapseGroups.FilterNotRegistered;
import io.github.collapseexecutor.spring.boot.autoconfigure.support.HttpAdapterSupport;
import io.github.collapseexecutor.spring.boot.autoconfigure.support.ServletFilterMapping;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.Filter;
import java.util.Map;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;

/**
 * Registers the collapse filter for inbound requests, configured by the
 * {@code collapse.executor.servlet} section: async-supported, for the {@code REQUEST} and
 * {@code ASYNC} dispatcher types, on {@code url-patterns} (default {@code /*}), at {@code order}.
 *
 * <p>The default order, {@link org.springframework.core.Ordered#LOWEST_PRECEDENCE}, puts it after
 * every filter that has an order (Spring Security's chain, Spring Boot's own filters), so that
 * those run for every request and only what comes after the filter, normally the
 * {@code DispatcherServlet}, is shared. A plain {@code Filter} bean with no order ties with it and
 * is put after it, so it runs only for the request that runs the chain: give filters that must see
 * every request an order.
 *
 * <p>On Spring Framework 7, the API version the application's {@code ApiVersionStrategy} resolves
 * for a request joins its key, so that requests for two versions never share.
 *
 * <p>Collapsing inbound requests is opt-in: without {@code collapse.executor.servlet.collapse-groups}
 * the filter is not registered at all, and the start-up log says so once, at INFO. With groups,
 * a request that no group takes goes through the filter untouched and untagged.
 *
 * <p>Backs off when the application defines a {@code CollapseServletFilter} bean or a
 * {@code FilterRegistrationBean<CollapseServletFilter>}. Off when {@code collapse.executor.enabled}
 * or {@code collapse.executor.servlet.enabled} is false, outside a servlet web application, and
 * without the {@code collapse-executor-servlet} artifact.
 */
@AutoConfiguration(after = CollapseExecutorAutoConfiguration.class)
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
@ConditionalOnClass({Filter.class, FilterRegistrationBean.class, CollapseServletFilter.class})
@ConditionalOnBooleanProperty(name = "collapse.executor.enabled", matchIfMissing = true)
@ConditionalOnBooleanProperty(name = "collapse.executor.servlet.enabled", matchIfMissing = true)
@EnableConfigurationProperties(CollapseServletFilterProperties.class)
public final class CollapseServletFilterAutoConfiguration {

  /** The integration tag and executor name of the filter. */
  public static final String INTEGRATION = CollapseServletFilter.DEFAULT_NAME;

  /** The name the filter is registered under in the servlet context. */
  public static final String FILTER_NAME = "collapseServletFilter";

  /** The property whose groups turn the filter on. */
  static final String GROUPS = "collapse.executor.servlet.collapse-groups";

  @Bean
  @ConditionalOnMissingBean(
      value = CollapseServletFilter.class,
      parameterizedContainer = FilterRegistrationBean.class)
  @ConditionalOnCollapseGroups(GROUPS)
  FilterRegistrationBean<CollapseServletFilter> collapseServletFilterRegistration(
      CollapseServletFilterProperties section,
      HttpAdapterSupport adapters,
      ListableBeanFactory beans) {
    HttpCollapseOptions options = adapters.options(INTEGRATION, section);
    CollapseServletFilter filter =
        new CollapseServletFilter(options, ServletApiVersions.keyPart(beans));
    ClosingRegistration registration = new ClosingRegistration(filter);
    registration.setName(FILTER_NAME);
    registration.setAsyncSupported(true);
    registration.setDispatcherTypes(DispatcherType.REQUEST, DispatcherType.ASYNC);
    // checked with the other settings when the context started
    ServletFilterMapping mapping =
        new ServletFilterMapping(section.getUrlPatterns(), section.getOrder());
    registration.setUrlPatterns(mapping.urlPatterns());
    registration.setOrder(mapping.order());
    adapters.register(
        INTEGRATION,
        options,
        filter.stats(),
        Map.of(
            "order", mapping.order(),
            "urlPatterns", mapping.urlPatterns()));
    return registration;
  }

  /**
   * Says once, when the context starts, that the filter is not registered for want of groups;
   * not when the application registers a filter of its own.
   */
  @Bean
  @ConditionalOnMissingBean(
      value = CollapseServletFilter.class,
      parameterizedContainer = FilterRegistrationBean.class)
  @ConditionalOnCollapseGroups(value = GROUPS, present = false)
  static FilterNotRegistered collapseServletFilterNotRegistered() {
    return new FilterNotRegistered(
        CollapseServletFilterAutoConfiguration.class, "servlet filter", GROUPS);
  }

  /** Closes the filter with the context, also when no container destroyed it. */
  private static final class ClosingRegistration
      extends FilterRegistrationBean<CollapseServletFilter> implements DisposableBean {

    private final CollapseServletFilter filter;

    ClosingRegistration(CollapseServletFilter filter) {
      super(filter);
      this.filter = filter;
    }

    @Override
    public void destroy() {
      filter.close();
    }
  }
}
