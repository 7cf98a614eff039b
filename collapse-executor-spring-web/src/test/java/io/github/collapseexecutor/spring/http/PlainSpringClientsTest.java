package io.github.collapseexecutor.spring.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.http.HttpCollapseStats;
import io.github.collapseexecutor.spring.http.client.CollapseHttpRequestInterceptor;
import io.github.collapseexecutor.spring.http.reactive.CollapseExchangeFilterFunction;
import io.github.collapseexecutor.testing.http.JoinedCallers;
import io.github.collapseexecutor.testing.http.QuoteBackend;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.http.client.JdkClientHttpRequestFactory;
import org.springframework.web.client.RestClient;
import org.springframework.web.reactive.function.client.WebClient;

/**
 * RestClient and WebClient in an application without Spring Boot, with nothing of this library
 * but the core, the HTTP module and this one: concurrent identical calls make one backend call.
 * Runs apart from the other tests, with Spring Boot left off its class path.
 */
@Tag("plain-application")
final class PlainSpringClientsTest {

  private static final int CALLERS = 50;

  private final JoinedCallers joined = new JoinedCallers(CALLERS - 1);
  private final ExecutorService callers = Executors.newFixedThreadPool(CALLERS);
  private final HttpCollapseOptions options =
      HttpCollapseOptions.builder()
          .group(CollapseGroup.ofUris("/quote/*"))
          .observations(joined)
          .build();
  private QuoteBackend backend;

  @AfterEach
  void stop() {
    callers.shutdownNow();
    if (backend != null) {
      backend.close();
    }
  }

  @Test
  void theClassPathHoldsNoSpringBoot() {
    assertThatThrownBy(() -> Class.forName("org.springframework.boot.SpringApplication"))
        .isInstanceOf(ClassNotFoundException.class);
  }

  @Test
  @Timeout(60)
  void restClientCallsCollapse() throws Exception {
    backend = new QuoteBackend(joined);
    try (CollapseHttpRequestInterceptor collapse = new CollapseHttpRequestInterceptor(options)) {
      RestClient client =
          RestClient.builder()
              .requestFactory(new JdkClientHttpRequestFactory())
              .requestInterceptor(collapse)
              .build();

      List<String> bodies =
          everyCaller(() -> client.get().uri(backend.url(7)).retrieve().body(String.class));

      assertCollapsed(bodies, collapse.stats());
    }
  }

  @Test
  @Timeout(60)
  void webClientCallsCollapse() throws Exception {
    backend = new QuoteBackend(joined);
    try (CollapseExchangeFilterFunction collapse = new CollapseExchangeFilterFunction(options)) {
      WebClient client = WebClient.builder().filter(collapse).build();

      List<String> bodies =
          everyCaller(
              () ->
                  client
                      .get()
                      .uri(backend.url(7))
                      .retrieve()
                      .bodyToMono(String.class)
                      .block(Duration.ofSeconds(30)));

      assertCollapsed(bodies, collapse.stats());
    }
  }

  private List<String> everyCaller(Callable<String> call) throws Exception {
    List<Future<String>> futures = new ArrayList<>();
    for (int i = 0; i < CALLERS; i++) {
      futures.add(callers.submit(call));
    }
    List<String> bodies = new ArrayList<>();
    for (Future<String> future : futures) {
      bodies.add(future.get());
    }
    return bodies;
  }

  private void assertCollapsed(List<String> bodies, HttpCollapseStats stats) {
    assertThat(bodies).hasSize(CALLERS).containsOnly("quote of /quote/7");
    assertThat(backend.calls()).isEqualTo(1);
    assertThat(stats.led()).isEqualTo(1);
    assertThat(stats.replayed()).isEqualTo(CALLERS - 1);
  }
}
