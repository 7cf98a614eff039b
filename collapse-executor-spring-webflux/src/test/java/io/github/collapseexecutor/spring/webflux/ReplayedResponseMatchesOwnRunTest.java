package io.github.collapseexecutor.spring.webflux;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.testing.http.ComparedResponse;
import io.github.collapseexecutor.testing.http.Concurrently;
import io.github.collapseexecutor.testing.http.WebFilterArrivals;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;
import org.springframework.web.server.ResponseStatusException;
import org.springframework.web.server.WebFilter;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * What a request gets with collapse on is what it would have got with collapse off, on a real
 * Reactor Netty server: the same status, the same headers (those the server writes when it
 * commits the response among them: {@code Content-Length} of a body written whole, or
 * {@code Transfer-Encoding} of one written in pieces) and the same body, for the request that ran
 * the handler and for every request that got a replay of its response. Only {@code Date} and the
 * header the filter before the collapse filter sets for each request are left out of the
 * comparison.
 *
 * <p>Each route is called once on a server without the collapse filter, then by {@link #N}
 * requests at once on one with it, whose handler holds the first request until all of them have
 * reached the collapse filter.
 */
@Timeout(60)
final class ReplayedResponseMatchesOwnRunTest {

  private static final int N = 10;

  /** Written for each request by the filter before the collapse filter. */
  private static final String OWN_HEADER = "X-Request-Id";

  private static final Set<String> PER_REQUEST = Set.of("Date", OWN_HEADER);

  /** The routes whose response is never shared. */
  private static final Set<String> UNSHARED = Set.of("/error-page");

  private static final int LARGE = 20_000;

  private final WebFilterArrivals alone = new WebFilterArrivals();
  private final WebFilterArrivals together = new WebFilterArrivals();
  private final CollapseWebFilter collapse =
      new CollapseWebFilter(
          HttpCollapseOptions.builder().group(CollapseGroup.ofUris("/**")).build());
  private final HttpClient http =
      HttpClient.newBuilder()
          .version(HttpClient.Version.HTTP_1_1)
          .connectTimeout(Duration.ofSeconds(20))
          .build();
  private LoopbackWebFlux plain;
  private LoopbackWebFlux collapsing;

  @AfterEach
  void stop() {
    for (LoopbackWebFlux server : new LoopbackWebFlux[] {plain, collapsing}) {
      if (server != null) {
        server.close();
      }
    }
  }

  @ParameterizedTest(name = "{0} {1}")
  @CsvSource({
    "GET, /language",
    "GET, /charset",
    "GET, /length",
    "HEAD, /length",
    "GET, /chunks",
    "HEAD, /chunks",
    "GET, /raw",
    "GET, /empty",
    "GET, /commit-action",
    "GET, /vary",
    "GET, /failed",
    "GET, /error-page"
  })
  void everyRequestGetsWhatItsOwnRunWouldHaveGiven(String method, String path) throws Exception {
    plain = LoopbackWebFlux.start(routes(alone), alone.filter(), outerFilter(), raw(alone));
    collapsing =
        LoopbackWebFlux.start(
            routes(together), together.filter(), outerFilter(), collapse, raw(together));
    alone.expect(1);
    ComparedResponse reference = ComparedResponse.of(send(plain, method, path), PER_REQUEST);
    together.expect(N);

    List<HttpResponse<byte[]>> responses =
        Concurrently.run(N, () -> send(collapsing, method, path));

    assertThat(responses)
        .allSatisfy(
            response -> {
              ComparedResponse seen = ComparedResponse.of(response, PER_REQUEST);
              assertThat(seen.status()).isEqualTo(reference.status());
              assertThat(seen.headers()).isEqualTo(reference.headers());
              assertThat(seen.body()).isEqualTo(reference.body());
              assertThat(response.headers().allValues(OWN_HEADER)).hasSize(1);
            });
    assertThat(collapse.stats().replayed())
        .as("replayed")
        .isEqualTo(UNSHARED.contains(path) ? 0 : N - 1);
  }

  /**
   * Sets a header of each request's own, a {@code Vary} of the server's, and a header of its own
   * when the response is committed.
   */
  private static WebFilter outerFilter() {
    return (exchange, chain) -> {
      ServerHttpResponse response = exchange.getResponse();
      response.getHeaders().set(OWN_HEADER, Long.toString(System.nanoTime()));
      response.getHeaders().add("Vary", "Origin");
      response.beforeCommit(
          () -> Mono.fromRunnable(() -> response.getHeaders().set("X-Outer-Commit", "yes")));
      return chain.filter(exchange);
    };
  }

  /**
   * Answers two routes itself, after the collapse filter, writing straight to the response: one
   * whole buffer, without a length, and one with a commit action of the collapsed part.
   */
  private static WebFilter raw(WebFilterArrivals arrivals) {
    return (exchange, chain) -> {
      ServerHttpResponse response = exchange.getResponse();
      String path = exchange.getRequest().getPath().value();
      if (!path.equals("/raw") && !path.equals("/commit-action")) {
        return chain.filter(exchange);
      }
      if (path.equals("/commit-action")) {
        response.beforeCommit(
            () ->
                Mono.fromRunnable(
                    () -> response.getHeaders().set("X-Committed", "by the handler")));
      }
      response.getHeaders().setContentType(MediaType.TEXT_PLAIN);
      return arrivals
          .run()
          .then(
              response.writeWith(
                  Mono.fromSupplier(
                      () ->
                          response
                              .bufferFactory()
                              .wrap("written raw".getBytes(StandardCharsets.UTF_8)))));
    };
  }

  private static RouterFunction<ServerResponse> routes(WebFilterArrivals arrivals) {
    return RouterFunctions.route()
        .GET(
            "/language",
            request ->
                arrivals
                    .run()
                    .then(
                        ServerResponse.ok()
                            .headers(headers -> headers.setContentLanguage(Locale.FRANCE))
                            .contentType(MediaType.TEXT_HTML)
                            .bodyValue("<p>bonjour</p>")))
        .GET(
            "/charset",
            request ->
                arrivals
                    .run()
                    .then(
                        ServerResponse.ok()
                            .contentType(MediaType.valueOf("text/plain;charset=ISO-8859-1"))
                            .bodyValue("h\u00e9llo")))
        .GET("/length", request -> length(arrivals))
        .HEAD("/length", request -> length(arrivals))
        .GET("/chunks", request -> chunks(arrivals))
        .HEAD("/chunks", request -> chunks(arrivals))
        .GET("/empty", request -> arrivals.run().then(ServerResponse.ok().build()))
        .GET(
            "/vary",
            request ->
                arrivals
                    .run()
                    .then(
                        ServerResponse.ok()
                            .varyBy("Accept-Encoding")
                            .header("Cache-Control", "public, max-age=60")
                            .eTag("\"v1\"")
                            .contentType(MediaType.APPLICATION_JSON)
                            .bodyValue("{\"v\":1}")))
        .GET(
            "/failed",
            request ->
                arrivals
                    .run()
                    .then(
                        ServerResponse.status(HttpStatus.INTERNAL_SERVER_ERROR)
                            .contentType(MediaType.APPLICATION_JSON)
                            .bodyValue("{\"error\":\"failed\"}")))
        .GET(
            "/error-page",
            request ->
                arrivals
                    .run()
                    .then(Mono.error(new ResponseStatusException(HttpStatus.SERVICE_UNAVAILABLE))))
        .build();
  }

  /** A body written whole, whose length the encoder sets. */
  private static Mono<ServerResponse> length(WebFilterArrivals arrivals) {
    return arrivals
        .run()
        .then(
            ServerResponse.ok()
                .contentType(MediaType.APPLICATION_OCTET_STREAM)
                .bodyValue(new byte[LARGE]));
  }

  /** A body written in pieces, without a length: sent in chunks. */
  private static Mono<ServerResponse> chunks(WebFilterArrivals arrivals) {
    return arrivals
        .run()
        .then(
            ServerResponse.ok()
                .contentType(MediaType.TEXT_PLAIN)
                .body(Flux.just("a", "b", "c"), String.class));
  }

  private HttpResponse<byte[]> send(LoopbackWebFlux server, String method, String path)
      throws Exception {
    HttpRequest request =
        HttpRequest.newBuilder(server.uri(path))
            .method(method, HttpRequest.BodyPublishers.noBody())
            .timeout(Duration.ofSeconds(20))
            .build();
    return http.send(request, HttpResponse.BodyHandlers.ofByteArray());
  }
}
