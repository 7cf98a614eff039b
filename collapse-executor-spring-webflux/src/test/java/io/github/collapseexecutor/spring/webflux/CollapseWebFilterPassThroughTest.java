package io.github.collapseexecutor.spring.webflux;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.testing.http.Concurrently;
import io.github.collapseexecutor.testing.http.WebFilterArrivals;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.http.MediaType;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Flux;

/** What is never held back: streams and bodies over the limit; and what Vary separates. */
@Timeout(60)
final class CollapseWebFilterPassThroughTest {

  private static final int N = 20;
  private static final int LIMIT = 1024;

  private final WebFilterArrivals arrivals = new WebFilterArrivals();
  private final CollapseWebFilter filter =
      new CollapseWebFilter(
          HttpCollapseOptions.builder()
              .group(CollapseGroup.ofUris("/events", "/large", "/ndjson", "/language"))
              .maxBodyBytes(LIMIT)
              .build());
  private LoopbackWebFlux server;

  @BeforeEach
  void start() {
    server =
        LoopbackWebFlux.start(
            RouterFunctions.route()
                .GET(
                    "/events",
                    request ->
                        arrivals
                            .run()
                            .then(
                                ServerResponse.ok()
                                    .contentType(MediaType.TEXT_EVENT_STREAM)
                                    .body(Flux.just("a", "b", "c"), String.class)))
                .GET(
                    "/ndjson",
                    request ->
                        arrivals
                            .run()
                            .then(
                                ServerResponse.ok()
                                    .contentType(MediaType.APPLICATION_NDJSON)
                                    .bodyValue("{\"n\":1}\n")))
                .GET(
                    "/large",
                    request ->
                        arrivals
                            .run()
                            .then(
                                ServerResponse.ok()
                                    .contentType(MediaType.TEXT_PLAIN)
                                    .body(
                                        Flux.range(0, 8).map(i -> "x".repeat(LIMIT / 2)),
                                        String.class)))
                .GET(
                    "/language",
                    request ->
                        arrivals
                            .run()
                            .then(
                                ServerResponse.ok()
                                    .header("Vary", "Accept-Language")
                                    .bodyValue(
                                        "language "
                                            + request.headers().firstHeader("Accept-Language"))))
                .build(),
            arrivals.filter(),
            filter);
  }

  @AfterEach
  void stop() {
    server.close();
    filter.close();
  }

  private List<HttpResponse<String>> round(String path) throws Exception {
    arrivals.expect(N);
    return Concurrently.run(N, () -> server.get(path));
  }

  @Test
  void anEventStreamGoesToEachClientAndTheWaitingRequestsRunTheHandlerThemselves()
      throws Exception {
    List<HttpResponse<String>> responses = round("/events");

    assertThat(arrivals.runs()).isEqualTo(N);
    assertThat(responses)
        .allSatisfy(response -> assertThat(response.body()).contains("data:a", "data:b", "data:c"));
    assertThat(filter.stats().fellBack()).isEqualTo(N - 1);
  }

  @Test
  void aStreamsContentTypeIsNeverShared() throws Exception {
    List<HttpResponse<String>> responses = round("/ndjson");

    assertThat(arrivals.runs()).isEqualTo(N);
    assertThat(responses)
        .allSatisfy(response -> assertThat(response.body()).isEqualTo("{\"n\":1}\n"));
  }

  @Test
  void aBodyOverTheLimitGoesThroughWholeAndIsNotShared() throws Exception {
    List<HttpResponse<String>> responses = round("/large");

    assertThat(arrivals.runs()).isEqualTo(N);
    assertThat(responses)
        .allSatisfy(response -> assertThat(response.body()).isEqualTo("x".repeat(LIMIT * 4)));
    assertThat(filter.stats().fellBack()).isEqualTo(N - 1);
  }

  @Test
  void aResponseThatVariesReachesOnlyTheRequestsThatSentTheSameValues() throws Exception {
    arrivals.expect(N);
    AtomicInteger next = new AtomicInteger();
    List<String[]> answers =
        Concurrently.run(
            N,
            () -> {
              String language = next.getAndIncrement() % 2 == 0 ? "en" : "fr";
              return new String[] {
                language, server.get("/language", "Accept-Language", language).body()
              };
            });

    assertThat(answers)
        .allSatisfy(answer -> assertThat(answer[1]).isEqualTo("language " + answer[0]));
    assertThat(arrivals.runs()).isBetween(2, 6);
  }
}
