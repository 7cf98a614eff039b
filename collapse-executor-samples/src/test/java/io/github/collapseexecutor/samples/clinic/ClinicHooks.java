package io.github.collapseexecutor.samples.clinic;

import jakarta.servlet.Filter;
import org.hibernate.cfg.AvailableSettings;
import org.springframework.boot.hibernate.autoconfigure.HibernatePropertiesCustomizer;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * The test's hooks in a clinic, added to its configuration ({@link Holds}): not a
 * {@code @Configuration}, so that the clinic's component scan, which reaches this package, does
 * not find it.
 */
class ClinicHooks {

  @Bean
  Holds holds() {
    return new Holds();
  }

  @Bean
  HibernatePropertiesCustomizer heldStatements(Holds holds) {
    return properties -> properties.put(AvailableSettings.STATEMENT_INSPECTOR, holds.statements());
  }

  @Bean
  WebMvcConfigurer heldPages(Holds holds) {
    return new WebMvcConfigurer() {
      @Override
      public void addInterceptors(InterceptorRegistry registry) {
        registry.addInterceptor(holds.pages());
      }
    };
  }

  /** First among the filters that have an order; the collapse filter runs last. */
  @Bean
  FilterRegistrationBean<Filter> placedRequests(Holds holds) {
    FilterRegistrationBean<Filter> registration = new FilterRegistrationBean<>(holds.requests());
    registration.setOrder(Integer.MIN_VALUE + 100);
    registration.setAsyncSupported(true);
    return registration;
  }
}
