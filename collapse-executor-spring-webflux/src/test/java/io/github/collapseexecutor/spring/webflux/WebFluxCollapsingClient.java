package io.github.collapseexecutor.spring.webflux;

import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.http.HttpCollapseStats;
import io.github.collapseexecutor.testing.http.CollapsingClient;
import io.github.collapseexecutor.testing.http.IdentityEchoBackend;
import io.netty.handler.codec.http.HttpMethod;
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
 * the {@code Host}, the body and the identity headers ({@link IdentityEchoBackend#CHANNELS}): a
 * chain run is a backend call. OkHttp sends the requests, as it keeps a {@code Host} it is given;
 * the JDK client those with a body, as OkHttp sends no GET with one.
 */
final class WebFluxCollapsingClient implements CollapsingClient {

  private final CollapseWebFilter filter;
  private final LoopbackWebFlux server;
  private final String backendUrl;
  private final HttpClient backend = HttpClient.create().responseTimeout(Duration.ofSeconds(20));
  private final OkHttpClient okHttp = new OkHttpClient.Builder()
      .readTimeout(Duration.ofSeconds(20)).build();
  private final java.net.http.HttpClient jdk = java.net.http.HttpClient.newBuilder()
      .connectTimeout(Duration.ofSeconds(20)).build();

  WebFluxCollapsingClient(HttpCollapseOptions options, String backendUrl) {
    this.filter = new CollapseWebFilter(options);
    this.backendUrl = backendUrl;
    this.server = LoopbackWebFlux.start(RouterFunctions.route()
        .GET("/**", this::ask).build(), filter);
  }

  private Mono<ServerResponse> ask(ServerRequest request) {
    return request.bodyToMono(String.class).defaultIfEmpty("").flatMap(body -> backend
        .headers(headers -> {
          headers.set("Host", request.headers().firstHeader("Host"));
          for (String channel : IdentityEchoBackend.CHANNELS) {
            String value = request.headers().firstHeader(channel);
            if (value != null) {
              headers.set(channel, value);
            }
          }
        }).request(HttpMethod.GET).uri(backendUrl + request.path()
            + (request.uri().getRawQuery() == null ? "" : "?" + request.uri().getRawQuery()))
        .send(body.isEmpty() ? ByteBufFlux.empty() : ByteBufFlux.fromString(Mono.just(body)))
        .responseContent().aggregate().asString().defaultIfEmpty(""))
        .flatMap(answer -> ServerResponse.ok().bodyValue(answer));
  }

  @Override
  public HttpCollapseStats stats() {
    return filter.stats();
  }

  @Override
  public String get(String path, String header, String value) throws Exception {
    // OkHttp, as it keeps a Host it is given
    Request request = new Request.Builder().url("http://127.0.0.1:" + server.port() + path)
        .header(header, value).build();
    try (Response response = okHttp.newCall(request).execute()) {
      return response.body().string();
    }
  }

  @Override
  public String getWithBody(String path, String body) throws Exception {
    HttpRequest request = HttpRequest.newBuilder(server.uri(path)).timeout(Duration.ofSeconds(20))
        .method("GET", HttpRequest.BodyPublishers.ofString(body)).build();
    return jdk.send(request, HttpResponse.BodyHandlers.ofString()).body();
  }

  @Override
  public boolean takesNullHeaderValues() {
    return false;
  }

  @Override
  public void close() {
    filter.close();
    server.close();
    okHttp.dispatcher().executorService().shutdown();
    okHttp.connectionPool().evictAll();
  }
}
