package io.github.collapseexecutor.spring.webflux;

import io.github.collapseexecutor.testing.http.CrossingApplication;
import io.github.collapseexecutor.testing.http.ServerCrossingContract;
import java.net.HttpCookie;
import java.util.EnumMap;
import java.util.Map;
import org.springframework.http.HttpHeaders;
import org.springframework.http.ResponseCookie;
import org.springframework.web.reactive.function.server.RequestPredicates;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;

/** What crosses between two instances of a WebFlux application, each a collapse filter. */
final class WebFluxCrossingContractTest implements ServerCrossingContract {

  @Override
  public Fixture fixture() {
    return (tiered, alone, app) -> {
      Map<Instance, CollapseWebFilter> filters = new EnumMap<>(Instance.class);
      filters.put(Instance.REFERENCE, new CollapseWebFilter(alone));
      filters.put(Instance.FIRST, new CollapseWebFilter(tiered));
      filters.put(Instance.SECOND, new CollapseWebFilter(tiered));
      Router router = new Router(filters);
      WebFilter outer =
          (exchange, chain) -> {
            HttpHeaders response = exchange.getResponse().getHeaders();
            app.outerHeaders(
                    exchange.getRequest().getPath().value(),
                    exchange.getRequest().getHeaders()::getFirst)
                .forEach(response::set);
            return chain.filter(exchange);
          };
      LoopbackWebFlux server =
          LoopbackWebFlux.start(
              RouterFunctions.route(RequestPredicates.all(), request -> answer(app, request)),
              outer,
              router);
      return Routed.of(
          server.port(),
          instance -> router.chosen = instance,
          instance -> filters.get(instance).stats(),
          () -> {
            server.close();
            filters.values().forEach(CollapseWebFilter::close);
          });
    };
  }

  /** Passes each request to the collapse filter the case chose before sending it. */
  private static final class Router implements WebFilter {

    private final Map<Instance, CollapseWebFilter> filters;
    volatile Instance chosen = Instance.REFERENCE;

    Router(Map<Instance, CollapseWebFilter> filters) {
      this.filters = filters;
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
      return filters.get(chosen).filter(exchange, chain);
    }
  }

  /**
   * Writes what the application answers for the request's path; a cookie as a handler sets one,
   * through the response's cookies, which the server writes as it commits the response.
   */
  private static Mono<ServerResponse> answer(CrossingApplication app, ServerRequest request) {
    CrossingApplication.Answer answer =
        app.answer(request.path(), request.headers().asHttpHeaders()::getFirst);
    ServerResponse.BodyBuilder response = ServerResponse.status(answer.status());
    answer
        .headers()
        .forEach(
            header -> {
              if (header.getKey().equalsIgnoreCase("Set-Cookie")) {
                HttpCookie cookie = HttpCookie.parse("Set-Cookie: " + header.getValue()).get(0);
                response.cookie(
                    ResponseCookie.from(cookie.getName(), cookie.getValue())
                        .path(cookie.getPath())
                        .build());
              } else {
                response.header(header.getKey(), header.getValue());
              }
            });
    return answer.body().isEmpty() ? response.build() : response.bodyValue(answer.body());
  }
}
