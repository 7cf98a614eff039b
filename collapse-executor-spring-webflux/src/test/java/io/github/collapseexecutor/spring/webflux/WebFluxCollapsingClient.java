package io.github.collapseexecutor.spring.webflux;

import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.http.HttpCollapseStats;
import io.github.collapseexecutor.testing.http.Call;
import io.github.collapseexecutor.testing.http.DrivenClient;
import io.github.collapseexecutor.testing.http.IdentityEchoBackend;
import io.github.collapseexecutor.testing.http.Outcome;
import io.netty.handler.codec.http.HttpMethod;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;
import reactor.netty.ByteBufFlux;
import reactor.netty.http.client.HttpClient;

/**
 * Requests to a WebFlux application behind a {@link CollapseWebFilter}, on Reactor Netty, whose
 * handler asks the contract's backend, without blocking, for the path and query it received, with
 * the {@code Host}, the body, and the identity and negotiation headers
 * ({@link IdentityEchoBackend#HANDED_ON}): a chain run is a backend call. OkHttp sends the requests, as it keeps a {@code Host} it is given;
 * the JDK client those with a body, as OkHttp sends no GET with one.
 */
final class WebFluxCollapsingClient implements DrivenClient {

  private final CollapseWebFilter filter;
  private final LoopbackWebFlux server;
  private final String backendUrl;
  private final String address;
  private final HttpClient backend = HttpClient.create().responseTimeout(Duration.ofSeconds(20));
  private final OkHttpClient okHttp =
      new OkHttpClient.Builder().readTimeout(Duration.ofSeconds(20)).build();
  private final java.net.http.HttpClient jdk =
      java.net.http.HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(20)).build();

  WebFluxCollapsingClient(HttpCollapseOptions options, String backendUrl) {
    this(options, backendUrl, "127.0.0.1", 0);
  }

  /**
   * Starts the application on {@code port} (0 for any) of the loopback {@code address}, as one
   * of the instances behind a balancer; requests reach it with the {@code Host} of
   * {@code 127.0.0.1} and that port, unless a call sends its own.
   */
  WebFluxCollapsingClient(
      HttpCollapseOptions options, String backendUrl, String address, int port) {
    this.filter = new CollapseWebFilter(options);
    this.backendUrl = backendUrl;
    this.server =
        LoopbackWebFlux.startOn(
            address, port, RouterFunctions.route().GET("/**", this::ask).build(), filter);
    this.address = address;
  }

  /** Returns the port the application listens on. */
  int port() {
    return server.port();
  }

  private Mono<ServerResponse> ask(ServerRequest request) {
    return request
        .bodyToMono(String.class)
        .defaultIfEmpty("")
        .flatMap(
            body ->
                backend
                    .headers(
                        headers -> {
                          headers.set("Host", request.headers().firstHeader("Host"));
                          for (String channel : IdentityEchoBackend.HANDED_ON) {
                            String value = request.headers().firstHeader(channel);
                            if (value != null) {
                              headers.set(channel, value);
                            }
                          }
                        })
                    .request(HttpMethod.GET)
                    .uri(
                        backendUrl
                            + request.path()
                            + (request.uri().getRawQuery() == null
                                ? ""
                                : "?" + request.uri().getRawQuery()))
                    .send(
                        body.isEmpty()
                            ? ByteBufFlux.empty()
                            : ByteBufFlux.fromString(Mono.just(body)))
                    .responseContent()
                    .aggregate()
                    .asString()
                    .defaultIfEmpty(""))
        .flatMap(answer -> ServerResponse.ok().bodyValue(answer));
  }

  @Override
  public HttpCollapseStats stats() {
    return filter.stats();
  }

  /**
   * Sends {@code call}: with OkHttp, as it keeps a {@code Host} it is given, or with the JDK
   * client when it has a body, as OkHttp sends no GET with one.
   */
  @Override
  public Outcome send(Call call) throws Exception {
    String body = call.body();
    if (body != null) {
      HttpRequest request =
          HttpRequest.newBuilder(
                  URI.create("http://" + address + ":" + server.port() + call.target()))
              .timeout(Duration.ofSeconds(20))
              .method(call.method(), HttpRequest.BodyPublishers.ofString(body))
              .build();
      HttpResponse<byte[]> response = jdk.send(request, HttpResponse.BodyHandlers.ofByteArray());
      return Outcome.of(response.statusCode(), response.headers().map(), response.body());
    }
    Request.Builder request =
        new Request.Builder()
            .url("http://" + address + ":" + server.port() + call.target())
            .header("Host", "127.0.0.1:" + server.port());
    call.headers().forEach(request::header);
    try (Response response = okHttp.newCall(request.build()).execute()) {
      return Outcome.of(response.code(), response.headers().toMultimap(), response.body().bytes());
    }
  }

  @Override
  public void close() {
    filter.close();
    server.close();
    okHttp.dispatcher().executorService().shutdown();
    okHttp.connectionPool().evictAll();
  }
}
