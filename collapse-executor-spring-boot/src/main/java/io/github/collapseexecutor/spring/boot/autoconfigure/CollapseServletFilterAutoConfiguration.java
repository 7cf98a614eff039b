package io.github.collapseexecutor.spring.boot.autoconfigure;

import io.github.collapseexecutor.spring.http.HttpCollapseOptions;
import io.github.collapseexecutor.spring.http.servlet.CollapseServletFilter;
import io.github.collapseexecutor.spring.observation.CollapseObservationConvention;
import io.micrometer.observation.ObservationRegistry;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.Filter;
import java.util.List;
import java.util.Map;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
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
 * <p>Backs off when the application defines a {@code CollapseServletFilter} bean or a
 * {@code FilterRegistrationBean<CollapseServletFilter>}. Off when {@code collapse.executor.enabled}
 * or {@code collapse.executor.servlet.enabled} is false, and outside a servlet web application.
 */
@AutoConfiguration(after = CollapseExecutorAutoConfiguration.class)
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
@ConditionalOnClass({Filter.class, FilterRegistrationBean.class})
@ConditionalOnBooleanProperty(name = "collapse.executor.enabled", matchIfMissing = true)
@ConditionalOnBooleanProperty(name = "collapse.executor.servlet.enabled", matchIfMissing = true)
public final class CollapseServletFilterAutoConfiguration {

  /** The integration tag and executor name of the filter. */
  public static final String INTEGRATION = CollapseServletFilter.DEFAULT_NAME;

  /** The name the filter is registered under in the servlet context. */
  public static final String FILTER_NAME = "collapseServletFilter";

  @Bean
  @ConditionalOnMissingBean(value = CollapseServletFilter.class,
      parameterizedContainer = FilterRegistrationBean.class)
  FilterRegistrationBean<CollapseServletFilter> collapseServletFilterRegistration(
      CollapseExecutorProperties properties, CollapseSettings settings,
      ObjectProvider<CollapseListenerFactory> listeners,
      ObjectProvider<ObservationRegistry> observationRegistry,
      ObjectProvider<CollapseObservationConvention> observationConvention,
      ObjectProvider<CollapseExecutors> executors) {
    CollapseExecutorProperties.ServletSection section = properties.getServlet();
    HttpCollapseOptions options =
        HttpAdapterSupport.options(settings, INTEGRATION, section, listeners,
            observationRegistry, observationConvention);
    CollapseServletFilter filter = new CollapseServletFilter(options);
    ClosingRegistration registration = new ClosingRegistration(filter);
    registration.setName(FILTER_NAME);
    registration.setAsyncSupported(true);
    registration.setDispatcherTypes(DispatcherType.REQUEST, DispatcherType.ASYNC);
    ServletFilterMapping mapping = settings.servletMapping();
    registration.setUrlPatterns(mapping.urlPatterns());
    registration.setOrder(mapping.order());
    HttpAdapterSupport.register(executors, INTEGRATION, options, filter.stats(), Map.of(
        "order", mapping.order(),
        "urlPatterns", mapping.urlPatterns()));
    return registration;
  }

  /** Closes the filter with the context, also when no container destroyed it. */
  private static final class ClosingRegistration
      extends FilterRegistrationBean<CollapseServletFilter> implements DisposableBean {

    ClosingRegistration(CollapseServletFilter filter) {
      super(filter);
    }

    @Override
    public void destroy() {
      getFilter().close();
    }
  }
}
