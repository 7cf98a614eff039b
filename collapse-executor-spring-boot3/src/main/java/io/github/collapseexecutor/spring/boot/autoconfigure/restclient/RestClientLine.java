package io.github.collapseexecutor.spring.boot.autoconfigure.restclient;

import org.springframework.context.annotation.Configuration;

/**
 * The part of {@link CollapseRestClientAutoConfiguration} that names Spring Boot 3's types: the
 * builders' customizers, under the names that configuration declares its customizer beans with.
 * Spring Framework 6.2 has no HTTP service groups, so unlike
 * {@code collapse-executor-spring-boot}'s this one configures nothing.
 */
@Configuration(proxyBeanMethods = false)
class RestClientLine {

  /** Spring Boot 3's RestClient customizer, as a name: conditions on it must not load it. */
  static final String REST_CLIENT_CUSTOMIZER =
      "org.springframework.boot.web.client.RestClientCustomizer";

  /** Spring Boot 3's RestTemplate customizer, as a name: conditions on it must not load it. */
  static final String REST_TEMPLATE_CUSTOMIZER =
      "org.springframework.boot.web.client.RestTemplateCustomizer";

  /** Spring Boot 3's RestClient customizer. */
  interface RestClientCustomizer extends org.springframework.boot.web.client.RestClientCustomizer {}

  /** Spring Boot 3's RestTemplate customizer. */
  interface RestTemplateCustomizer
      extends org.springframework.boot.web.client.RestTemplateCustomizer {}
}
