package io.github.collapseexecutor.spring.webflux;

import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.http.HttpCollapseStats;
import io.github.collapseexecutor.testing.http.CollapsingClient;
import io.github.collapseexecutor.testing.http.IdentityEchoBackend;
import java.time.Duration;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;
import reactor.netty.http.client.HttpClient;

/**
 * Requests to a WebFlux application behind a {@link CollapseWebFilter}, on Reactor Netty, whose
 * handler asks the contract's backend, without blocking, with the identity headers
 * ({@link IdentityEchoBackend#CHANNELS}) it received: a chain run is a backend call.
 */
final class WebFluxCollapsingClient implements CollapsingClient {

  private final CollapseWebFilter filter;
  private final LoopbackWebFlux server;
  private final String backendUrl;
  private final HttpClient backend = HttpClient.create().responseTimeout(Duration.ofSeconds(20));

  WebFluxCollapsingClient(HttpCollapseOptions options, String backendUrl) {
    this.filter = new CollapseWebFilter(options);
    this.backendUrl = backendUrl;
    this.server = LoopbackWebFlux.start(RouterFunctions.route()
        .GET("/**", this::ask).build(), filter);
  }

  private Mono<ServerResponse> ask(ServerRequest request) {
    Mono<String> answer = backend.headers(headers -> {
      for (String channel : IdentityEchoBackend.CHANNELS) {
        String value = request.headers().firstHeader(channel);
        if (value != null) {
          headers.set(channel, value);
        }
      }
    }).get().uri(backendUrl + request.path()).responseContent().aggregate().asString()
        .defaultIfEmpty("");
    return answer.flatMap(body -> ServerResponse.ok().bodyValue(body));
  }

  @Override
  public HttpCollapseStats stats() {
    return filter.stats();
  }

  @Override
  public String get(String path, String header, String value) throws Exception {
    return server.get(path, header, value).body();
  }

  @Override
  public boolean takesNullHeaderValues() {
    return false;
  }

  @Override
  public void close() {
    filter.close();
    server.close();
  }
}
