package io.github.collapseexecutor.spring.webflux;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import org.springframework.http.server.reactive.ReactorHttpHandlerAdapter;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.adapter.ForwardedHeaderTransformer;
import org.springframework.web.server.adapter.WebHttpHandlerBuilder;
import org.springframework.web.server.handler.ResponseStatusExceptionHandler;
import reactor.netty.DisposableServer;
import reactor.netty.http.server.HttpServer;

/**
 * A WebFlux application on a real Reactor Netty server on loopback: the routes behind the given
 * filters, in order; and a JDK client to call it.
 */
final class LoopbackWebFlux implements AutoCloseable {

  private final DisposableServer server;

  /**
   * Connects within the request's own 20 s: the client's selector thread times a connect, and on a
   * loaded machine it may first look at the clock seconds after the kernel accepted the connection
   * for twenty or fifty clients at once.
   */
  private final HttpClient client =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(20)).build();

  private LoopbackWebFlux(DisposableServer server) {
    this.server = server;
  }

  static LoopbackWebFlux start(RouterFunction<ServerResponse> routes, WebFilter... filters) {
    return start(app(routes, filters));
  }

  /**
   * Starts the application behind Spring's forwarded-header handling, which takes the client's
   * address from {@code X-Forwarded-For} and removes the header, as behind a proxy.
   */
  static LoopbackWebFlux startBehindProxy(
      RouterFunction<ServerResponse> routes, WebFilter... filters) {
    return start(app(routes, filters).forwardedHeaderTransformer(new ForwardedHeaderTransformer()));
  }

  private static WebHttpHandlerBuilder app(
      RouterFunction<ServerResponse> routes, WebFilter... filters) {
    return WebHttpHandlerBuilder.webHandler(RouterFunctions.toWebHandler(routes))
        .filters(list -> list.addAll(List.of(filters)))
        .exceptionHandler(new ResponseStatusExceptionHandler());
  }

  private static LoopbackWebFlux start(WebHttpHandlerBuilder app) {
    return startOn("127.0.0.1", 0, app);
  }

  /**
   * Starts the application on {@code port} (0 for any) of the loopback {@code address}, as one
   * of the instances behind a balancer.
   */
  static LoopbackWebFlux startOn(
      String address, int port, RouterFunction<ServerResponse> routes, WebFilter... filters) {
    return startOn(address, port, app(routes, filters));
  }

  /**
   * Each connection serves one request. Reactor Netty 1.3.7 can stop reading a kept-alive
   * connection for good (reactor-netty issue 4361): a request that arrives while the previous
   * one's exchange is still ending is queued, and when it is answered at once the connection is
   * not read again, so the request after it waits until its client gives up. On a loaded machine
   * a test's requests sent one after another meet that, whatever the filters do.
   */
  private static LoopbackWebFlux startOn(String address, int port, WebHttpHandlerBuilder app) {
    ReactorHttpHandlerAdapter adapter = new ReactorHttpHandlerAdapter(app.build());
    return new LoopbackWebFlux(
        HttpServer.create()
            .host(address)
            .port(port)
            .maxKeepAliveRequests(1)
            .handle(adapter)
            .bindNow(Duration.ofSeconds(10)));
  }

  int port() {
    return server.port();
  }

  URI uri(String path) {
    return URI.create("http://127.0.0.1:" + server.port() + path);
  }

  HttpResponse<String> get(String path, String... headers) throws Exception {
    return send("GET", path, headers);
  }

  HttpResponse<String> send(String method, String path, String... headers) throws Exception {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(uri(path))
            .method(method, HttpRequest.BodyPublishers.noBody())
            .timeout(Duration.ofSeconds(20));
    if (headers.length > 0) {
      request.headers(headers);
    }
    return client.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }

  @Override
  public void close() {
    server.disposeNow(Duration.ofSeconds(10));
  }
}
