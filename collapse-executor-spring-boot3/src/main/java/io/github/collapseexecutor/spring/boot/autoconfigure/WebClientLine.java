package io.github.collapseexecutor.spring.boot.autoconfigure;

import io.github.collapseexecutor.spring.http.reactive.CollapseExchangeFilterFunction;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.web.reactive.function.client.WebClientCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;

/**
 * The builder's customizer of {@link CollapseWebClientAutoConfiguration}, as Spring Boot 3 names
 * it; what it adds is described in {@code collapse-executor-spring-boot}'s. Spring Framework 6.2
 * has no HTTP service groups.
 */
@Configuration(proxyBeanMethods = false)
class WebClientLine {

  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(WebClientCustomizer.class)
  @ConditionalOnBooleanProperty("collapse.executor.web-client.customize-web-client-builder")
  static class WebClientBuilderCustomization {

    @Bean
    @ConditionalOnMissingBean(name = "collapseWebClientCustomizer")
    @Order(Ordered.LOWEST_PRECEDENCE)
    WebClientCustomizer collapseWebClientCustomizer(CollapseExchangeFilterFunction filter) {
      return builder -> builder.filter(filter.newPartition());
    }
  }
}
