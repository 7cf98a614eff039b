package io.github.collapseexecutor.spring.boot.autoconfigure;

import io.github.collapseexecutor.spring.http.client.CollapseHttpRequestInterceptor;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.web.client.RestClientCustomizer;
import org.springframework.boot.web.client.RestTemplateCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;

/**
 * The builders' customizers of {@link CollapseRestClientAutoConfiguration}, as Spring Boot 3 names
 * them; what they add is described in {@code collapse-executor-spring-boot}'s. Spring Framework
 * 6.2 has no HTTP service groups.
 */
@Configuration(proxyBeanMethods = false)
class RestClientLine {

  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(RestClientCustomizer.class)
  @ConditionalOnBooleanProperty("collapse.executor.rest-template.customize-rest-client-builder")
  static class RestClientBuilderCustomization {

    @Bean
    @ConditionalOnMissingBean(name = "collapseRestClientCustomizer")
    @Order(Ordered.LOWEST_PRECEDENCE)
    RestClientCustomizer collapseRestClientCustomizer(CollapseHttpRequestInterceptor interceptor) {
      return builder -> builder.requestInterceptor(interceptor.newPartition());
    }
  }

  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(RestTemplateCustomizer.class)
  @ConditionalOnBooleanProperty("collapse.executor.rest-template.customize-rest-template-builder")
  static class RestTemplateBuilderCustomization {

    @Bean
    @ConditionalOnMissingBean(name = "collapseRestTemplateCustomizer")
    @Order(Ordered.LOWEST_PRECEDENCE)
    RestTemplateCustomizer collapseRestTemplateCustomizer(
        CollapseHttpRequestInterceptor interceptor) {
      return restTemplate -> restTemplate.getInterceptors().add(interceptor.newPartition());
    }
  }
}
