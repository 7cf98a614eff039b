package io.github.collapseexecutor.samples.webflux;

import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.http.HttpCollapseStats;
import io.github.collapseexecutor.spring.webflux.CollapseWebFilter;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;
import org.springframework.http.MediaType;
import org.springframework.http.server.reactive.HttpHandler;
import org.springframework.http.server.reactive.ReactorHttpHandlerAdapter;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import org.springframework.web.server.adapter.WebHttpHandlerBuilder;
import reactor.core.publisher.Mono;
import reactor.netty.DisposableServer;
import reactor.netty.http.server.HttpServer;

/**
 * A WebFlux price service on Reactor Netty, on loopback, with or without the collapse filter on
 * {@code /prices/*}: each request of {@code GET /prices/{id}} waits {@code backendDelay} for a
 * backend (without holding a thread) and then renders a price list of about 10 KB, the CPU work
 * that collapsed requests share.
 */
public final class PriceWebFluxServer implements AutoCloseable {

  private static final int LINES = 200;

  private final AtomicLong runs = new AtomicLong();
  private final Duration backendDelay;
  private final CollapseWebFilter filter;
  private final DisposableServer server;

  /**
   * Starts the service on a free port.
   *
   * @param collapse whether the collapse filter runs in front of the handler
   */
  public PriceWebFluxServer(boolean collapse, Duration backendDelay) {
    this.backendDelay = backendDelay;
    this.filter =
        new CollapseWebFilter(
            HttpCollapseOptions.builder().group(CollapseGroup.ofUris("/prices/*")).build());
    WebHttpHandlerBuilder app =
        WebHttpHandlerBuilder.webHandler(
            RouterFunctions.toWebHandler(
                RouterFunctions.route().GET("/prices/{id}", this::price).build()));
    if (collapse) {
      app.filter(filter);
    }
    HttpHandler handler = app.build();
    this.server =
        HttpServer.create()
            .host("127.0.0.1")
            .port(0)
            .handle(new ReactorHttpHandlerAdapter(handler))
            .bindNow(Duration.ofSeconds(10));
  }

  private Mono<ServerResponse> price(ServerRequest request) {
    runs.incrementAndGet();
    String id = request.pathVariable("id");
    return Mono.delay(backendDelay)
        .then(Mono.fromSupplier(() -> render(id)))
        .flatMap(body -> ServerResponse.ok().contentType(MediaType.TEXT_PLAIN).bodyValue(body));
  }

  private static String render(String id) {
    StringBuilder body = new StringBuilder();
    for (int line = 0; line < LINES; line++) {
      body.append(
          String.format(
              Locale.ROOT, "%s;%04d;%.2f EUR%n", id, line, (line * 31 + id.hashCode()) / 7.0));
    }
    return body.toString();
  }

  /** Returns the base URL, such as {@code http://127.0.0.1:45678}. */
  public String baseUrl() {
    return "http://127.0.0.1:" + server.port();
  }

  /** Returns how many times the handler ran. */
  public long runs() {
    return runs.get();
  }

  /** Returns the counters of the collapse filter (all zero without it). */
  public HttpCollapseStats stats() {
    return filter.stats();
  }

  @Override
  public void close() {
    server.disposeNow(Duration.ofSeconds(10));
    filter.close();
  }
}
