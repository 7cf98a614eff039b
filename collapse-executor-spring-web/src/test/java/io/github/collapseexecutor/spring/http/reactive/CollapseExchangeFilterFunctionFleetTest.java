package io.github.collapseexecutor.spring.http.reactive;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.redis.RedisFleet;
import io.github.collapseexecutor.testing.FleetInstances;
import io.github.collapseexecutor.testing.http.GatedBackend;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.web.reactive.function.client.WebClient;

/**
 * Two instances of one application, each with a WebClient whose collapse filter reaches the fleet
 * tier on the Redis on 127.0.0.1:6379 (skipped without it), without holding a thread while one
 * waits for the other: the partitions of one name share one call across the instances, once each
 * instance's client has had a response of its own; unnamed partitions keep theirs on their
 * instance.
 */
final class CollapseExchangeFilterFunctionFleetTest {

  private static final String PATH = "/quotes/acme";
  private static final String WARM = "/quotes/warm";

  private final FleetInstances instances = new FleetInstances();
  private final GatedBackend backend = instances.backend();
  private String baseUrl;

  @BeforeEach
  void start() {
    baseUrl = instances.start();
  }

  @AfterEach
  void stop() throws Exception {
    instances.close();
  }

  @Test
  void partitionsOfOneNameShareOneCallAcrossInstances() {
    assertTimeoutPreemptively(
        Duration.ofSeconds(60),
        () -> {
          WebClient first = client(instance().partition("quotes"));
          WebClient second = client(instance().partition("quotes"));
          // a replay decodes with the client's own exchange strategies, learnt from its own calls
          backend.releaseFrom(WARM, 1);
          assertThat(
                  List.of(
                      call(first, WARM).get(30, TimeUnit.SECONDS),
                      call(second, WARM).get(30, TimeUnit.SECONDS)))
              .hasSize(2);
          CompletableFuture<String> firstCall = call(first);
          backend.awaitCall(PATH, 1);
          CompletableFuture<String> secondCall = call(second);
          instances.awaitLastWatching();

          backend.releaseFrom(PATH, 1);

          assertThat(firstCall.get(30, TimeUnit.SECONDS)).isEqualTo("call 1");
          assertThat(secondCall.get(30, TimeUnit.SECONDS)).isEqualTo("call 1");
          assertThat(backend.calls(PATH)).isEqualTo(1);
        });
  }

  @Test
  void unnamedPartitionsKeepTheirCallsOnTheirInstance() {
    assertTimeoutPreemptively(
        Duration.ofSeconds(60),
        () -> {
          WebClient first = client(instance().partition());
          WebClient second = client(instance().partition());
          CompletableFuture<String> firstCall = call(first);
          backend.awaitCall(PATH, 1);
          CompletableFuture<String> secondCall = call(second);

          backend.awaitCall(PATH, 2);
          backend.releaseFrom(PATH, 1);

          assertThat(
                  List.of(
                      firstCall.get(30, TimeUnit.SECONDS), secondCall.get(30, TimeUnit.SECONDS)))
              .containsExactlyInAnyOrder("call 1", "call 2");
        });
  }

  private CollapseExchangeFilterFunction instance() throws Exception {
    return instances.closeLater(
        new CollapseExchangeFilterFunction(
            HttpCollapseOptions.builder()
                .group(CollapseGroup.ofUris("/quotes/*"))
                .fleet(RedisFleet.of(instances.coordinator()))
                .build()));
  }

  private WebClient client(CollapseExchangeFilterFunction partition) {
    return WebClient.builder().baseUrl(baseUrl).filter(partition).build();
  }

  private static CompletableFuture<String> call(WebClient client) {
    return call(client, PATH);
  }

  private static CompletableFuture<String> call(WebClient client, String path) {
    return client
        .get()
        .uri(path)
        .header("Authorization", "Bearer token-of-alice-123")
        .retrieve()
        .bodyToMono(String.class)
        .toFuture();
  }
}
