package io.github.collapseexecutor.spring.webflux;

import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.testing.http.ServerAcrossInstancesCases;
import org.springframework.http.MediaType;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;

/**
 * The server cases across two instances, each a Reactor Netty server behind the WebFlux filter,
 * whose handler answers without a thread.
 */
final class CollapseWebFilterFleetTest extends ServerAcrossInstancesCases {

  @Override
  protected Instance start(String name, String address, int port, HttpCollapseOptions options) {
    CollapseWebFilter filter = new CollapseWebFilter(options);
    LoopbackWebFlux server = LoopbackWebFlux.startOn(address, port,
        RouterFunctions.route().GET("/quotes/{symbol}", request ->
            Mono.fromFuture(answerLater(name)).flatMap(body -> ServerResponse.ok()
                .contentType(MediaType.TEXT_PLAIN).header(SOURCE, name).bodyValue(body)))
            .build(), filter);
    return new Instance(server.port(), server, filter);
  }
}
