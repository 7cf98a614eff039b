package io.github.collapseexecutor.spring.boot.autoconfigure.webflux;

import java.util.function.Function;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/**
 * Spring Framework 6.2 has no API versioning, so unlike {@code collapse-executor-spring-boot}'s,
 * the WebFlux filter's keys hold no version here.
 */
final class WebFluxApiVersions {

  private WebFluxApiVersions() {}

  /** Returns the key part of the WebFlux filter: none. */
  static Function<ServerWebExchange, Mono<?>> keyPart(BeanFactory beans) {
    return exchange -> Mono.empty();
  }
}
