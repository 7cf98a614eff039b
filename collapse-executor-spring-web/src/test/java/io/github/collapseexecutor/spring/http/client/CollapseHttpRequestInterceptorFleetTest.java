package io.github.collapseexecutor.spring.http.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.redis.RedisFleet;
import io.github.collapseexecutor.testing.FleetInstances;
import io.github.collapseexecutor.testing.http.GatedBackend;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.web.client.RestClient;

/**
 * Two instances of one application, each with a RestClient whose collapse interceptor reaches the
 * fleet tier on the Redis on 127.0.0.1:6379 (skipped without it): the partitions of one name
 * share one call across the instances, unnamed partitions keep theirs on their instance, and an
 * interceptor gives a name to one partition only.
 */
final class CollapseHttpRequestInterceptorFleetTest {

  private static final String PATH = "/quotes/acme";

  private final FleetInstances instances = new FleetInstances();
  private final GatedBackend backend = instances.backend();
  private final ExecutorService callers = Executors.newCachedThreadPool();
  private String baseUrl;

  @BeforeEach
  void start() {
    baseUrl = instances.start();
  }

  @AfterEach
  void stop() throws Exception {
    callers.shutdownNow();
    instances.close();
  }

  @Test
  void partitionsOfOneNameShareOneCallAcrossInstances() {
    assertTimeoutPreemptively(
        Duration.ofSeconds(60),
        () -> {
          RestClient first = client(instance().partition("quotes"));
          RestClient second = client(instance().partition("quotes"));
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
          RestClient first = client(instance().partition());
          RestClient second = client(instance().partition());
          CompletableFuture<String> firstCall = call(first);
          backend.awaitCall(PATH, 1);
          CompletableFuture<String> secondCall = call(second);

          assertEachMadeItsOwnCall(firstCall, secondCall);
        });
  }

  @Test
  void partitionsOfDifferentNamesKeepTheirCallsApart() {
    assertTimeoutPreemptively(
        Duration.ofSeconds(60),
        () -> {
          RestClient first = client(instance().partition("quotes"));
          RestClient second = client(instance().partition("quotes-admin"));
          CompletableFuture<String> firstCall = call(first);
          backend.awaitCall(PATH, 1);
          CompletableFuture<String> secondCall = call(second);

          assertEachMadeItsOwnCall(firstCall, secondCall);
        });
  }

  @Test
  void aNameIsOnePartitions() throws Exception {
    CollapseHttpRequestInterceptor interceptor = instance();
    interceptor.partition("quotes");

    assertThatIllegalArgumentException()
        .isThrownBy(() -> interceptor.partition("quotes"))
        .withMessageContaining("'quotes'");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> interceptor.partition("rest-template"))
        .as("the interceptor's own name")
        .withMessageContaining("'rest-template'");
  }

  private void assertEachMadeItsOwnCall(
      CompletableFuture<String> first, CompletableFuture<String> second) throws Exception {
    backend.awaitCall(PATH, 2);
    backend.releaseFrom(PATH, 1);
    assertThat(List.of(first.get(30, TimeUnit.SECONDS), second.get(30, TimeUnit.SECONDS)))
        .containsExactlyInAnyOrder("call 1", "call 2");
  }

  private CollapseHttpRequestInterceptor instance() throws Exception {
    return instances.closeLater(
        new CollapseHttpRequestInterceptor(
            HttpCollapseOptions.builder()
                .group(CollapseGroup.ofUris("/quotes/*"))
                .fleet(RedisFleet.of(instances.coordinator()))
                .build()));
  }

  private RestClient client(CollapseHttpRequestInterceptor partition) {
    return RestClient.builder().baseUrl(baseUrl).requestInterceptor(partition).build();
  }

  private CompletableFuture<String> call(RestClient client) {
    return CompletableFuture.supplyAsync(
        () ->
            client
                .get()
                .uri(PATH)
                .header("Authorization", "Bearer token-of-alice-123")
                .retrieve()
                .body(String.class),
        callers);
  }
}
