package io.github.collapseexecutor.spring.boot.autoconfigure.webclient;

import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorProperties.HttpServiceGroupProperties;
import io.github.collapseexecutor.spring.boot.autoconfigure.support.HttpAdapterSupport;
import io.github.collapseexecutor.spring.boot.autoconfigure.support.HttpServiceGroupClients;
import io.github.collapseexecutor.spring.http.reactive.CollapseExchangeFilterFunction;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.web.reactive.function.client.WebClient;
import org.springframework.web.reactive.function.client.support.WebClientHttpServiceGroupConfigurer;

/**
 * The part of {@link CollapseWebClientAutoConfiguration} that names Spring Boot 4's and Spring
 * Framework 7's types: the builders' customizer, under the name that configuration declares its
 * customizer bean with, and the HTTP service groups. {@code collapse-executor-spring-boot3} has
 * its own, with Spring Boot 3's customizer.
 */
@Configuration(proxyBeanMethods = false)
class WebClientLine {

  /** Spring Boot 4's WebClient customizer, as a name: conditions on it must not load it. */
  static final String WEB_CLIENT_CUSTOMIZER =
      "org.springframework.boot.webclient.WebClientCustomizer";

  /** Spring Boot 4's WebClient customizer. */
  interface WebClientCustomizer extends org.springframework.boot.webclient.WebClientCustomizer {}

  /**
   * Adds a partition of the filter function, after every other one, to the WebClient of each HTTP
   * service group named in {@code collapse.executor.http-service-groups}.
   */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(WebClientHttpServiceGroupConfigurer.class)
  @EnableConfigurationProperties(HttpServiceGroupProperties.class)
  static class HttpServiceGroups {

    @Bean
    @ConditionalOnMissingBean(name = "collapseWebClientHttpServiceGroupConfigurer")
    WebClientHttpServiceGroupConfigurer collapseWebClientHttpServiceGroupConfigurer(
        HttpServiceGroupProperties properties,
        ObjectProvider<CollapseExchangeFilterFunction> filter) {
      return new WebClientHttpServiceGroupConfigurer() {
        @Override
        public void configureGroups(Groups<WebClient.Builder> groups) {
          HttpServiceGroupClients.configureNamed(
              groups,
              properties,
              builder ->
                  builder.filters(
                      filters ->
                          HttpAdapterSupport.addPartitionUnlessHeld(
                              filters,
                              filter.getObject(),
                              CollapseExchangeFilterFunction::partition)));
        }

        @Override
        public int getOrder() {
          return Ordered.LOWEST_PRECEDENCE;
        }
      };
    }
  }
}
