package io.github.collapseexecutor.spring.webflux;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.testing.http.ServerAcrossInstancesCases;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.springframework.http.MediaType;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;
import org.springframework.web.server.WebFilter;
import reactor.core.publisher.Mono;
import reactor.core.publisher.SignalType;

/**
 * The server cases across two instances, each a Reactor Netty server behind the WebFlux filter,
 * whose handler answers without a thread.
 */
final class CollapseWebFilterFleetTest extends ServerAcrossInstancesCases {

  /** Per instance, a permit for each request cancelled because its client went away. */
  private final Map<String, Semaphore> gone = new ConcurrentHashMap<>();

  @Override
  protected Instance start(String name, String address, int port, HttpCollapseOptions options) {
    Semaphore cancelled = gone.computeIfAbsent(name, any -> new Semaphore(0));
    // outside the collapse filter; doFinally runs once the cancel has reached the filter
    WebFilter noticing =
        (exchange, chain) ->
            chain
                .filter(exchange)
                .doFinally(
                    signal -> {
                      if (signal == SignalType.CANCEL) {
                        cancelled.release();
                      }
                    });
    CollapseWebFilter filter = new CollapseWebFilter(options);
    LoopbackWebFlux server =
        LoopbackWebFlux.startOn(
            address,
            port,
            RouterFunctions.route()
                .GET(
                    "/quotes/{symbol}",
                    request ->
                        Mono.fromFuture(answerLater(name))
                            .flatMap(
                                body ->
                                    ServerResponse.ok()
                                        .contentType(MediaType.TEXT_PLAIN)
                                        .header(SOURCE, name)
                                        .bodyValue(body)))
                .build(),
            noticing,
            filter);
    return new Instance(server.port(), server, filter);
  }

  @Override
  protected void awaitClientsGone(String name, int count) throws Exception {
    assertThat(gone.get(name).tryAcquire(count, 30, TimeUnit.SECONDS))
        .as("requests of %s cancelled as their clients went away", name)
        .isTrue();
  }
}
