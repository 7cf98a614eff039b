package io.github.collapseexecutor.spring.boot.autoconfigure.webflux;

import java.util.function.Function;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.util.ClassUtils;
import org.springframework.web.reactive.accept.ApiVersionStrategy;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/**
 * The API version Spring WebFlux resolves for an exchange, as a part of the WebFlux filter's
 * keys: the raw version the application's {@link ApiVersionStrategy} reads, as
 * {@code ServletApiVersions} does for Spring MVC. {@code collapse-executor-spring-boot3} has its
 * own: Spring Framework 6.2 has no API versioning.
 */
final class WebFluxApiVersions implements Function<ServerWebExchange, Mono<?>> {

  private static final boolean PRESENT =
      ClassUtils.isPresent(
          "org.springframework.web.reactive.accept.ApiVersionStrategy",
          WebFluxApiVersions.class.getClassLoader());

  /**
   * Whether the strategy resolves asynchronously too, as Spring Framework 7.0's later releases do:
   * an earlier 7.0 (Spring Boot 4.0's line) resolves only as it blocks.
   */
  private static final boolean ASYNC =
      PRESENT
          && ClassUtils.hasMethod(
              ApiVersionStrategy.class, "resolveApiVersion", ServerWebExchange.class);

  private final ObjectProvider<ApiVersionStrategy> strategies;
  // looked up at the first request, when the context is refreshed, then kept
  private volatile @Nullable Found found;

  private WebFluxApiVersions(ObjectProvider<ApiVersionStrategy> strategies) {
    this.strategies = strategies;
  }

  /** Returns the key part of the WebFlux filter of the application of {@code beans}. */
  static Function<ServerWebExchange, Mono<?>> keyPart(BeanFactory beans) {
    return PRESENT
        ? new WebFluxApiVersions(beans.getBeanProvider(ApiVersionStrategy.class))
        : exchange -> Mono.empty();
  }

  @Override
  @SuppressWarnings("removal") // the blocking resolveVersion is all that an earlier 7.0 has
  public Mono<?> apply(ServerWebExchange exchange) {
    Found strategy = found;
    if (strategy == null) {
      strategy = new Found(strategies.getIfUnique());
      found = strategy;
    }
    ApiVersionStrategy versions = strategy.value;
    if (versions == null) {
      return Mono.empty();
    }
    // an exchange whose version cannot be read (a version path segment missing) shares with none
    return Mono.defer(
            () ->
                ASYNC
                    ? versions.resolveApiVersion(exchange)
                    : Mono.justOrEmpty(versions.resolveVersion(exchange)))
        .<Object>map(version -> version)
        .onErrorResume(RuntimeException.class, unreadable -> Mono.just(new Object()));
  }

  /** The strategy looked up, or {@code null} if the application has none. */
  private record Found(@Nullable ApiVersionStrategy value) {}
}
