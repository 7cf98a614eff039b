package io.github.collapseexecutor.spring.boot.autoconfigure.webclient;

import org.springframework.context.annotation.Configuration;

/**
 * The part of {@link CollapseWebClientAutoConfiguration} that names Spring Boot 3's types: the
 * builders' customizer, under the name that configuration declares its customizer bean with.
 * Spring Framework 6.2 has no HTTP service groups, so unlike
 * {@code collapse-executor-spring-boot}'s this one configures nothing.
 */
@Configuration(proxyBeanMethods = false)
class WebClientLine {

  /** Spring Boot 3's WebClient customizer, as a name: conditions on it must not load it. */
  static final String WEB_CLIENT_CUSTOMIZER =
      "org.springframework.boot.web.reactive.function.client.WebClientCustomizer";

  /** Spring Boot 3's WebClient customizer. */
  interface WebClientCustomizer
      extends org.springframework.boot.web.reactive.function.client.WebClientCustomizer {}
}
