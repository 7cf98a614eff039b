package io.github.collapseexecutor.spring.boot.autoconfigure;

import io.github.collapseexecutor.spring.http.client.CollapseHttpRequestInterceptor;
import java.util.List;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.restclient.RestClientCustomizer;
import org.springframework.boot.restclient.RestTemplateCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.web.client.RestClient;
import org.springframework.web.client.support.RestClientHttpServiceGroupConfigurer;

/**
 * The part of {@link CollapseRestClientAutoConfiguration} that names Spring Boot 4's and Spring
 * Framework 7's types: the builders' customizers and the HTTP service groups.
 * {@code collapse-executor-spring-boot3} has its own, with Spring Boot 3's customizers.
 */
@Configuration(proxyBeanMethods = false)
class RestClientLine {

  /**
   * Adds a partition of the interceptor to each RestClient builder Spring Boot makes, after the
   * interceptors of other customizers. Spring Boot customizes the builder when it creates it, so
   * interceptors the application adds later come after this one, and the interceptor then lets
   * their requests pass through uncollapsed. The partition follows the builder: the clients it
   * builds, its clones and their {@code mutate()} share it, whatever request factory each is
   * given later.
   */
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

  /**
   * Adds a partition of the interceptor, after every other one, to each RestTemplate Spring Boot's
   * builder makes: the builder calls the customizer for every template it builds.
   */
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
          List<String> names = properties.getHttpServiceGroups();
          if (!names.isEmpty()) {
            groups.filterByName(names.toArray(String[]::new)).forEachClient((group, builder) ->
                builder.requestInterceptors(interceptors -> HttpAdapterSupport
                    .addPartitionUnlessHeld(interceptors, interceptor.getObject(),
                        CollapseHttpRequestInterceptor::newPartition)));
          }
        }

        @Override
        public int getOrder() {
          return Ordered.LOWEST_PRECEDENCE;
        }
      };
    }
  }
}
