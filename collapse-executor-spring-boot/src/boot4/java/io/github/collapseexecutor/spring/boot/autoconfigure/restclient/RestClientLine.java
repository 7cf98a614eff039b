package io.github.collapseexecutor.spring.boot.autoconfigure.restclient;

import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorProperties.HttpServiceGroupProperties;
import io.github.collapseexecutor.spring.boot.autoconfigure.support.HttpAdapterSupport;
import io.github.collapseexecutor.spring.boot.autoconfigure.support.HttpServiceGroupClients;
import io.github.collapseexecutor.spring.http.client.CollapseHttpRequestInterceptor;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.web.client.RestClient;
import org.springframework.web.client.support.RestClientHttpServiceGroupConfigurer;

/**
 * The part of {@link CollapseRestClientAutoConfiguration} that names Spring Boot 4's and Spring
 * Framework 7's types: the builders' customizers, under the names that configuration declares its
 * customizer beans with, and the HTTP service groups. {@code collapse-executor-spring-boot3} has
 * its own, with Spring Boot 3's customizers.
 */
@Configuration(proxyBeanMethods = false)
class RestClientLine {

  /** Spring Boot 4's RestClient customizer, as a name: conditions on it must not load it. */
  static final String REST_CLIENT_CUSTOMIZER =
      "org.springframework.boot.restclient.RestClientCustomizer";

  /** Spring Boot 4's RestTemplate customizer, as a name: conditions on it must not load it. */
  static final String REST_TEMPLATE_CUSTOMIZER =
      "org.springframework.boot.restclient.RestTemplateCustomizer";

  /** Spring Boot 4's RestClient customizer. */
  interface RestClientCustomizer extends org.springframework.boot.restclient.RestClientCustomizer {}

  /** Spring Boot 4's RestTemplate customizer. */
  interface RestTemplateCustomizer
      extends org.springframework.boot.restclient.RestTemplateCustomizer {}

  /**
   * Adds a partition of the interceptor, after every other one, to the RestClient of each HTTP
   * service group named in {@code collapse.executor.http-service-groups}.
   */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(RestClientHttpServiceGroupConfigurer.class)
  @EnableConfigurationProperties(HttpServiceGroupProperties.class)
  static class HttpServiceGroups {

    @Bean
    @ConditionalOnMissingBean(name = "collapseRestClientHttpServiceGroupConfigurer")
    RestClientHttpServiceGroupConfigurer collapseRestClientHttpServiceGroupConfigurer(
        HttpServiceGroupProperties properties,
        ObjectProvider<CollapseHttpRequestInterceptor> interceptor) {
      return new RestClientHttpServiceGroupConfigurer() {
        @Override
        public void configureGroups(Groups<RestClient.Builder> groups) {
          HttpServiceGroupClients.configureNamed(
              groups,
              properties,
              builder ->
                  builder.requestInterceptors(
                      interceptors ->
                          HttpAdapterSupport.addPartitionUnlessHeld(
                              interceptors,
                              interceptor.getObject(),
                              CollapseHttpRequestInterceptor::partition)));
        }

        @Override
        public int getOrder() {
          return Ordered.LOWEST_PRECEDENCE;
        }
      };
    }
  }
}
