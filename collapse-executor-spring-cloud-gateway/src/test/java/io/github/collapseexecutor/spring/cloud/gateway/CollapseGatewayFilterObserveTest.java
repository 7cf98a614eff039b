package io.github.collapseexecutor.spring.cloud.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.testing.http.Concurrently;
import io.github.collapseexecutor.testing.http.ObservedBackend;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Observe mode through the gateway's route filter ({@code collapse.executor.gateway.mode:
 * observe}), in front of an upstream on loopback that holds each request until all of a round have
 * reached it: every request makes its own upstream call and gets what a route without the filter
 * gives, and the endpoint reports what collapse would have done.
 */
@Timeout(60)
final class CollapseGatewayFilterObserveTest {

  private static final int N = 20;

  private static final HttpClient client =
      HttpClient.newBuilder()
          .version(HttpClient.Version.HTTP_1_1)
          .connectTimeout(Duration.ofSeconds(20))
          .build();

  private final ObservedBackend upstream = new ObservedBackend();
  private @Nullable ConfigurableApplicationContext gateway;
  private int port;

  @BeforeEach
  void start() {
    String upstreamUri = upstream.start();
    String routes = "spring.cloud.gateway.server.webflux.routes";
    gateway =
        GatewayApplication.start(
            upstreamUri,
            "management.endpoints.web.exposure.include=collapse",
            "collapse.executor.gateway.mode=observe",
            // these routes replace the YAML's: a request with ?plain takes the route without the
            // filter, to the same upstream path
            routes + "[0].id=plain",
            routes + "[0].uri=" + upstreamUri,
            routes + "[0].order=-1",
            routes + "[0].predicates[0]=Path=" + ObservedBackend.PATH + "**",
            routes + "[0].predicates[1]=Query=plain",
            routes + "[1].id=observed",
            routes + "[1].uri=" + upstreamUri,
            routes + "[1].predicates[0]=Path=" + ObservedBackend.PATH + "**",
            routes + "[1].filters[0]=Collapse");
    port = ((WebServerApplicationContext) gateway).getWebServer().getPort();
  }

  @AfterEach
  void stop() {
    try {
      if (gateway != null) {
        gateway.close();
      }
    } finally {
      upstream.stop();
    }
  }

  @Test
  void identicalRequestsEachReachTheUpstreamAndAllButOneWouldJoin() throws Exception {
    List<HttpResponse<String>> plain = round(i -> ObservedBackend.PATH + "items/1?plain");
    List<HttpResponse<String>> observed = round(i -> ObservedBackend.PATH + "items/1");

    assertThat(upstream.calls()).isEqualTo(2 * N);
    assertThat(observed)
        .allSatisfy(
            response -> {
              assertThat(response.statusCode()).isEqualTo(plain.get(0).statusCode());
              assertThat(response.body()).isEqualTo(plain.get(0).body());
              assertThat(response.headers().firstValue("Content-Type"))
                  .isEqualTo(plain.get(0).headers().firstValue("Content-Type"));
            });
    String endpoint = endpoint();
    assertThat(endpoint)
        .contains(
            "\"counts\":{\"passedThrough\":" + N + ",\"led\":0,\"replayed\":0,\"fellBack\":0}",
            "\"observed\":{\"wouldJoin\":" + (N - 1) + ",\"wouldSave\":" + (N - 1) + ",",
            "\"17-64\":1");
    // the key shown as the route's group and a short hash, never its path
    assertThat(endpoint)
        .containsPattern("\"topKeys\":\\{\"observed #[0-9a-f]{6}\":" + (N - 1) + "}");
  }

  @Test
  void responsesThatSetACookieOrArePrivateAreCountedUnderTheirReasonsNotAsSavings()
      throws Exception {
    round(i -> ObservedBackend.PATH + "cookie/1");
    round(i -> ObservedBackend.PATH + "private/1");

    assertThat(upstream.calls()).isEqualTo(2 * N);
    assertThat(endpoint())
        .contains(
            "\"unshared\":{\"private\":" + N + ",\"set-cookie\":" + N + "}",
            "\"observed\":{\"wouldJoin\":" + 2 * (N - 1) + ",\"wouldSave\":0,");
  }

  @Test
  void differentCredentialsNeverCountAsJoins() throws Exception {
    round(i -> ObservedBackend.PATH + "items/2", "Bearer user-");

    assertThat(upstream.calls()).isEqualTo(N);
    assertThat(endpoint()).contains("\"observed\":{\"wouldJoin\":0,\"wouldSave\":0,");
  }

  /** The endpoint's JSON of the observing route. */
  private String endpoint() throws Exception {
    HttpResponse<String> route =
        client.send(
            get("/actuator/collapse/gateway.observed", null), HttpResponse.BodyHandlers.ofString());
    assertThat(route.statusCode()).as(route.body()).isEqualTo(200);
    return route.body();
  }

  private List<HttpResponse<String>> round(IntFunction<String> paths) throws Exception {
    return round(paths, null);
  }

  /**
   * Sends {@link #N} GETs at once, the i-th of {@code paths}, with {@code Authorization} the
   * prefix and i when a prefix is given.
   */
  private List<HttpResponse<String>> round(
      IntFunction<String> paths, @Nullable String credentialPrefix) throws Exception {
    upstream.expect(N);
    AtomicInteger next = new AtomicInteger();
    return Concurrently.run(
        N,
        () -> {
          int i = next.getAndIncrement();
          return client.send(
              get(paths.apply(i), credentialPrefix == null ? null : credentialPrefix + i),
              HttpResponse.BodyHandlers.ofString());
        });
  }

  private HttpRequest get(String path, @Nullable String authorization) {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
            .timeout(Duration.ofSeconds(40))
            .GET();
    if (authorization != null) {
      request.header("Authorization", authorization);
    }
    return request.build();
  }
}
