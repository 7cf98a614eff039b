package io.github.collapseexecutor.spring.annotation;

import java.util.Optional;
import org.springframework.web.filter.reactive.ServerWebExchangeContextFilter;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;
import reactor.util.context.ContextView;

/**
 * The locale and time zone of the WebFlux request a subscriber serves, as
 * {@link LocaleContextCallerIdentity} for a thread. WebFlux keeps them on the exchange
 * ({@code ServerWebExchange.getLocaleContext()}, from its {@code LocaleContextResolver}), not on
 * a thread: a method reaches them only through an exchange in its Reactor context, where
 * {@link ServerWebExchangeContextFilter} puts it (and Spring Security's web filter chain, under the
 * key {@code ServerWebExchange.class}). A subscriber without an exchange in its context is told
 * apart by nothing here. Only loaded with spring-web and Reactor.
 */
final class ReactiveLocaleContextCallerIdentity implements ReactiveCallerIdentity {

  @Override
  public Mono<?> current() {
    return Mono.deferContextual(
        context ->
            Mono.justOrEmpty(
                exchange(context)
                    .map(exchange -> LocaleContextCallerIdentity.of(exchange.getLocaleContext()))));
  }

  private static Optional<ServerWebExchange> exchange(ContextView context) {
    Optional<ServerWebExchange> exchange = ServerWebExchangeContextFilter.getExchange(context);
    return exchange.isPresent() ? exchange : context.getOrEmpty(ServerWebExchange.class);
  }
}
