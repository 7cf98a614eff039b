package io.github.collapseexecutor.spring.http.reactive;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.WireMockServer;
import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.http.HttpCollapseStats;
import io.github.collapseexecutor.testing.http.Call;
import io.github.collapseexecutor.testing.http.ClientUnusualResponsesContract;
import io.github.collapseexecutor.testing.http.CountingBackend;
import io.github.collapseexecutor.testing.http.Outcome;
import io.github.collapseexecutor.testing.http.SameOutcomes;
import io.github.collapseexecutor.testing.http.UnusualBackend;
import java.net.URI;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import org.springframework.web.reactive.function.client.WebClient;

/**
 * Unusual responses and requests give every subscriber of a collapsing {@code WebClient} what the
 * same client without collapse gives it: status, headers and body bytes, and never the response
 * of a different request.
 */
final class CollapseExchangeFilterFunctionUnusualResponsesTest
    extends ClientUnusualResponsesContract {

  private static final int DELAY_MS = 400;
  private static final Duration TIMEOUT = Duration.ofSeconds(15);

  private final CountingBackend backend = new CountingBackend();
  private WireMockServer server;
  private CollapseExchangeFilterFunction filter;

  @BeforeEach
  void start() {
    server = backend.start();
    UnusualBackend.stub(server, DELAY_MS);
    filter = new CollapseExchangeFilterFunction(HttpCollapseOptions.builder()
        .group(CollapseGroup.ofUris("/u/**"))
        .build());
  }

  @AfterEach
  void stop() {
    filter.close();
    backend.stop();
  }

  private SameOutcomes.Caller caller(WebClient client) {
    return call -> client.method(HttpMethod.valueOf(call.method()))
        .uri(URI.create(server.baseUrl() + call.target()))
        .headers(headers -> call.headers().forEach(headers::add))
        .exchangeToMono(response -> response.bodyToMono(byte[].class)
            .defaultIfEmpty(new byte[0])
            .map(body -> {
              Map<String, List<String>> headers = new LinkedHashMap<>();
              response.headers().asHttpHeaders().forEach(headers::put);
              return Outcome.of(response.statusCode().value(), headers, body);
            }))
        .block(TIMEOUT);
  }

  @Override
  protected Map<Call, Outcome> assertSame(int n, List<Call> calls) throws Exception {
    return SameOutcomes.assertSame(n, calls, caller(WebClient.create()),
        caller(WebClient.builder().filter(filter).build()));
  }

  @Override
  protected HttpCollapseStats stats() {
    return filter.stats();
  }

  @Test
  void compressedBodiesAreSharedAsTheConnectorDecodesThem() throws Exception {
    Map<Call, Outcome> expected = assertSame(N, List.of(
        Call.get("/u/gzipped"),
        Call.get("/u/compressible", "Accept-Encoding", "gzip"),
        Call.get("/u/compressible")));

    assertThat(expected.values()).allSatisfy(outcome -> {
      assertThat(outcome.body()).isEqualTo(UnusualBackend.TEXT);
      assertThat(outcome.header("Content-Encoding")).isNull();
    });
    assertThat(filter.stats().replayed()).isPositive();
  }

  @Test
  void emptyAndNoContentResponsesAreSharedAsTheyAre() throws Exception {
    Map<Call, Outcome> expected = assertSame(N,
        List.of(Call.get("/u/empty"), Call.get("/u/no-content")));

    assertThat(expected.get(Call.get("/u/empty")).status()).isEqualTo(200);
    assertThat(expected.get(Call.get("/u/no-content")).status()).isEqualTo(204);
    assertThat(filter.stats().replayed()).isPositive();
  }

}
