package io.github.collapseexecutor.spring.boot.autoconfigure.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.spring.boot.autoconfigure.actuate.CollapseEndpoint;
import io.github.collapseexecutor.spring.http.reactive.CollapseExchangeFilterFunction;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.annotation.Bean;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.web.reactive.function.client.ExchangeFilterFunction;
import org.springframework.web.reactive.function.client.ExchangeFilterFunctions;
import org.springframework.web.reactive.function.client.WebClient;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * WebClient against a real backend, configured by a YAML with a section per adapter: identical
 * concurrent exchanges collapse, the first held at the backend until every subscriber has passed a
 * filter placed before the collapse filter.
 */
@SpringBootTest(
    classes = WebClientEndToEndTest.App.class,
    webEnvironment = SpringBootTest.WebEnvironment.NONE,
    properties = "collapse.executor.web-client.customize-web-client-builder=true")
@ActiveProfiles("sections")
final class WebClientEndToEndTest {

  private static final int N = 8;
  private static final Duration BOUND = Duration.ofSeconds(20);
  private static final GatedBackend backend = new GatedBackend();

  @Autowired private WebClient.Builder webClientBuilder;

  @Autowired private CollapseExchangeFilterFunction collapse;

  @Autowired private MeterRegistry registry;

  @Autowired private CollapseEndpoint endpoint;

  @Autowired private ReportLatch reports;

  @BeforeAll
  static void startBackend() {
    backend.start();
  }

  @AfterAll
  static void stopBackend() {
    backend.stop();
  }

  @Test
  void bootWebClientBuilderCollapsesConcurrentIdenticalExchanges() throws Exception {
    reports.expect("web-client");
    WebClient client =
        webClientBuilder
            .baseUrl(backend.baseUrl())
            .filters(filters -> filters.add(0, arrivals(N)))
            .build();
    long replayedBefore = collapse.stats().replayed();

    List<String> bodies = concurrently(client, "/user/1");

    assertThat(bodies).hasSize(N).containsOnly("answer");
    assertThat(backend.calls("/user/1")).isBetween(1, N - 1);
    assertThat(collapse.stats().replayed() - replayedBefore)
        .isEqualTo(N - backend.calls("/user/1"));
    reports.await();
    assertThat(
            registry
                .get("collapse.executor.batch.size")
                .tag("integration", "web-client")
                .summary()
                .max())
        .isGreaterThan(1);
    assertThat(
            registry
                .get("collapse.http.requests")
                .tag("integration", "web-client")
                .tag("outcome", "replayed")
                .functionCounter()
                .count())
        .isEqualTo(collapse.stats().replayed());
    assertThat(endpoint.collapse().executors())
        .anySatisfy(
            executor -> {
              assertThat(executor.integration()).isEqualTo("web-client");
              assertThat(executor.traffic().counts().replayed())
                  .isEqualTo(collapse.stats().replayed());
            });
  }

  @Test
  void aResponseToARequestThatAFilterAddedAfterwardsGaveCredentialsIsNotShared() {
    WebClient client =
        webClientBuilder
            .baseUrl(backend.baseUrl())
            .filters(filters -> filters.add(0, arrivals(N)))
            .filter(ExchangeFilterFunctions.basicAuthentication("user", "secret"))
            .build();
    long replayedBefore = collapse.stats().replayed();
    int callsBefore = backend.calls("/user/5");

    List<String> bodies = concurrently(client, "/user/5");

    assertThat(bodies).hasSize(N).containsOnly("answer");
    assertThat(backend.calls("/user/5") - callsBefore).isEqualTo(N);
    assertThat(collapse.stats().replayed() - replayedBefore).isZero();
  }

  @Test
  void handWiredWebClientCollapses() {
    WebClient client =
        WebClient.builder().baseUrl(backend.baseUrl()).filter(arrivals(N)).filter(collapse).build();

    List<String> bodies = concurrently(client, "/samples/3?sample=b");

    assertThat(bodies).containsOnly("answer");
    assertThat(backend.calls("/samples/3")).isBetween(1, N - 1);
  }

  @Test
  void pathsOutsideEveryGroupPassThrough() {
    WebClient client =
        webClientBuilder
            .baseUrl(backend.baseUrl())
            .filters(filters -> filters.add(0, arrivals(N)))
            .build();

    concurrently(client, "/orders/2");

    assertThat(backend.calls("/orders/2")).isEqualTo(N);
  }

  private static List<String> concurrently(WebClient client, String uri) {
    return Flux.range(0, N)
        .flatMap(
            i ->
                client
                    .get()
                    .uri(uri)
                    .retrieve()
                    .bodyToMono(String.class)
                    .subscribeOn(Schedulers.boundedElastic()),
            N)
        .collectList()
        .block(BOUND);
  }

  /** Counts subscribers down before the collapse filter and holds the backend until all came. */
  private static ExchangeFilterFunction arrivals(int subscribers) {
    CountDownLatch latch = new CountDownLatch(subscribers);
    backend.holdUntil(latch);
    return (request, next) ->
        Mono.defer(
            () -> {
              latch.countDown();
              return next.exchange(request);
            });
  }

  @SpringBootConfiguration
  @EnableAutoConfiguration
  static class App {

    @Bean
    @Order(Ordered.LOWEST_PRECEDENCE)
    ReportLatch reportLatch() {
      return new ReportLatch();
    }
  }
}
