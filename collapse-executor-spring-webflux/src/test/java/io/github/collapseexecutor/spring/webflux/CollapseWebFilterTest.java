package io.github.collapseexecutor.spring.webflux;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.testing.http.Concurrently;
import io.github.collapseexecutor.testing.http.WebFilterArrivals;
import java.net.http.HttpResponse;
import java.security.Principal;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseCookie;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import org.springframework.web.server.WebFilter;
import reactor.core.publisher.Mono;

@Timeout(60)
final class CollapseWebFilterTest {

  private static final int N = 50;

  private final WebFilterArrivals arrivals = new WebFilterArrivals();
  private final CollapseWebFilter filter =
      new CollapseWebFilter(
          HttpCollapseOptions.builder()
              .group(CollapseGroup.ofUris("/user/*", "/cookie", "/fail", "/unavailable", "/whoami"))
              .build());
  private LoopbackWebFlux server;

  @BeforeEach
  void start() {
    // who the caller is, from a header, as an authentication filter would set it
    WebFilter authenticate =
        (exchange, chain) -> {
          String user = exchange.getRequest().getHeaders().getFirst("X-User");
          if (user == null) {
            return chain.filter(exchange);
          }
          Principal principal = () -> user;
          return chain.filter(exchange.mutate().principal(Mono.just(principal)).build());
        };
    server =
        LoopbackWebFlux.start(
            RouterFunctions.route()
                .GET("/user/{id}", this::user)
                .GET(
                    "/cookie",
                    request ->
                        arrivals
                            .run()
                            .then(
                                ServerResponse.ok()
                                    .cookie(
                                        ResponseCookie.from("session", "s" + arrivals.runs())
                                            .build())
                                    .bodyValue("c")))
                .GET(
                    "/fail",
                    request ->
                        arrivals
                            .run()
                            .then(
                                arrivals.runs() == 1
                                    ? Mono.error(new IllegalStateException("the first run fails"))
                                    : ServerResponse.ok().bodyValue("recovered")))
                .GET(
                    "/unavailable",
                    request ->
                        arrivals
                            .run()
                            .then(
                                ServerResponse.status(HttpStatus.SERVICE_UNAVAILABLE)
                                    .header("Retry-After", "5")
                                    .bodyValue("down for run " + arrivals.runs())))
                .GET(
                    "/whoami",
                    request ->
                        arrivals
                            .run()
                            .then(
                                request
                                    .principal()
                                    .map(Principal::getName)
                                    .defaultIfEmpty("nobody")
                                    .flatMap(
                                        name ->
                                            ServerResponse.ok()
                                                .bodyValue(name + " " + arrivals.runs()))))
                .build(),
            authenticate,
            arrivals.filter(),
            filter);
  }

  @AfterEach
  void stop() {
    server.close();
    filter.close();
  }

  private Mono<ServerResponse> user(ServerRequest request) {
    return arrivals
        .run()
        .then(
            ServerResponse.ok()
                .contentType(MediaType.TEXT_PLAIN)
                .header("Cache-Control", "public, max-age=60")
                .header("X-Multi", "a", "b")
                .header("ETag", "\"v1\"")
                .bodyValue("body of " + request.path() + " run " + arrivals.runs()));
  }

  private List<HttpResponse<String>> round(String path, String... headers) throws Exception {
    arrivals.expect(N);
    return Concurrently.run(N, () -> server.get(path, headers));
  }

  @Test
  void fiftyIdenticalRequestsRunTheHandlerOnceToFiveTimesAndEachGetsTheWholeResponse()
      throws Exception {
    List<HttpResponse<String>> responses = round("/user/1");

    assertThat(arrivals.runs()).isBetween(1, 5);
    assertThat(responses)
        .allSatisfy(
            response -> {
              assertThat(response.statusCode()).isEqualTo(200);
              assertThat(response.body()).startsWith("body of /user/1 run ");
              assertThat(response.headers().allValues("X-Multi")).containsExactly("a", "b");
              assertThat(response.headers().firstValue("ETag")).hasValue("\"v1\"");
              assertThat(response.headers().firstValue("Content-Type")).hasValue("text/plain");
              assertThat(response.headers().firstValue("Content-Length"))
                  .hasValue(String.valueOf(response.body().length()));
            });
    assertThat(filter.stats().replayed()).isGreaterThanOrEqualTo(N - 5);
  }

  @Test
  void anErrorStatusIsReplayed() throws Exception {
    List<HttpResponse<String>> responses = round("/unavailable");

    assertThat(arrivals.runs()).isBetween(1, 5);
    assertThat(responses)
        .allSatisfy(
            response -> {
              assertThat(response.statusCode()).isEqualTo(503);
              assertThat(response.headers().firstValue("Retry-After")).hasValue("5");
              assertThat(response.body()).startsWith("down for run ");
            });
  }

  @Test
  void identicalRequestsOfOnePrincipalShareAndTwoPrincipalsNeverDo() throws Exception {
    arrivals.expect(N);
    AtomicInteger next = new AtomicInteger();
    List<String[]> answers =
        Concurrently.run(
            N,
            () -> {
              String user = next.getAndIncrement() % 2 == 0 ? "alice" : "bob";
              return new String[] {user, server.get("/whoami", "X-User", user).body()};
            });

    assertThat(answers).allSatisfy(answer -> assertThat(answer[1]).startsWith(answer[0] + " "));
    assertThat(arrivals.runs()).isBetween(2, 6);
  }

  @Test
  void aResponseThatSetsACookieIsNotSharedAndTheNextIdenticalRequestsPassAtOnce() throws Exception {
    List<HttpResponse<String>> first = round("/cookie");

    assertThat(arrivals.runs()).isEqualTo(N);
    assertThat(first)
        .extracting(response -> response.headers().firstValue("Set-Cookie").orElseThrow())
        .allMatch(cookie -> cookie.startsWith("session="));

    long passedBefore = filter.stats().passedThrough();
    round("/cookie");

    // hit-for-pass: none of them waited for another's response
    assertThat(arrivals.runs()).isEqualTo(2 * N);
    assertThat(filter.stats().passedThrough() - passedBefore).isEqualTo(N);
  }

  @Test
  void whenTheLeadingRunFailsOnlyItFailsAndTheWaitingRequestsRunTheHandlerThemselves()
      throws Exception {
    List<HttpResponse<String>> responses = round("/fail");

    assertThat(responses).filteredOn(response -> response.statusCode() == 500).hasSize(1);
    assertThat(responses)
        .filteredOn(response -> response.statusCode() == 200)
        .hasSize(N - 1)
        .allSatisfy(response -> assertThat(response.body()).isEqualTo("recovered"));
    assertThat(arrivals.runs()).isEqualTo(N);
  }

  @Test
  void aPostIsNeverCollapsed() throws Exception {
    HttpResponse<String> response = server.send("POST", "/user/1");

    assertThat(response.statusCode()).isEqualTo(404);
    assertThat(filter.stats().passedThrough()).isEqualTo(1);
  }
}
