package io.github.collapseexecutor.spring.boot.autoconfigure;

import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorProperties.HttpServiceGroupProperties;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.service.registry.HttpServiceProxyRegistry;

/**
 * Reports names in {@code http-service-groups} that match no HTTP service group, for
 * {@link CollapseExecutorAutoConfiguration}. HTTP service groups are Spring Framework 7's, so
 * {@code collapse-executor-spring-boot3} has an empty one.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnClass(HttpServiceProxyRegistry.class)
@EnableConfigurationProperties(HttpServiceGroupProperties.class)
class HttpServiceGroupCheck {

  @Bean
  static HttpServiceGroupNames collapseHttpServiceGroupNames(
      HttpServiceGroupProperties properties, ObjectProvider<HttpServiceProxyRegistry> registry) {
    return new HttpServiceGroupNames(properties, registry);
  }
}
