package io.github.collapseexecutor.spring.boot.autoconfigure.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.testing.http.Concurrently;
import io.micrometer.common.KeyValue;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.http.server.observation.ServerRequestObservationContext;

/**
 * Spring Boot's own server observation, opened by its {@code ServerHttpObservationFilter} before
 * the collapse filter, records a request that got a replay of another request's response exactly
 * as that response: the same status, outcome, exception and URI template as the request that ran
 * the handler, in {@code http.server.requests} both as observations and as the timer; and each
 * request's observation says what it did in {@code collapse.outcome}.
 */
@SpringBootTest(
    classes = ServletObservedApp.class,
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
    properties = {ServletObservedApp.GROUP, ServletObservedApp.ENDPOINTS})
final class ServletObservationEndToEndTest {

  private static final int N = 6;
  private static final List<String> SERVER_KEYS =
      List.of("status", "outcome", "exception", "uri", "method");

  @LocalServerPort private int port;

  @Autowired private ServerGate gate;

  @Autowired private ServletObservedApp.ServerRequests serverRequests;

  @Autowired private MeterRegistry meters;

  @ParameterizedTest
  @CsvSource({
    "/obs/ok, 200, ok, SUCCESS, none",
    "/obs/missing, 404, missing, CLIENT_ERROR, none",
    "/obs/fail, 500, failed, SERVER_ERROR, IllegalStateException"
  })
  @Timeout(60)
  void aReplayedResponseIsRecordedAsTheResponseItIs(
      String path, int status, String body, String outcome, String exception) throws Exception {
    gate.expect(N);

    List<HttpResponse<String>> responses = Concurrently.run(N, () -> get(path));

    assertThat(responses)
        .allSatisfy(
            response -> {
              assertThat(response.statusCode()).isEqualTo(status);
              assertThat(response.body()).isEqualTo(body);
            });
    assertThat(gate.handled()).as("some requests got a replay").isBetween(1, N - 1);
    List<ServerRequestObservationContext> observed = serverRequests.await(path, N);
    assertThat(observed).hasSize(N);
    assertThat(observed)
        .allSatisfy(
            context ->
                assertThat(serverKeys(context))
                    .isEqualTo(
                        Map.of(
                            "status",
                            Integer.toString(status),
                            "outcome",
                            outcome,
                            "exception",
                            exception,
                            "uri",
                            path,
                            "method",
                            "GET")));
    assertThat(observed.stream().map(context -> collapseOutcome(context)).toList())
        .containsOnly("led", "joined")
        .contains("joined")
        .filteredOn("led"::equals)
        .hasSize(gate.handled());
    Timer timer = awaitTimer(path, status, outcome, exception, N);
    assertThat(timer).isNotNull();
    assertThat(timer.count()).isEqualTo(N);
    assertThat(meters.find("http.server.requests").tag("uri", path).timers())
        .as("no request of " + path + " is recorded otherwise")
        .hasSize(1);
  }

  @Test
  @Timeout(60)
  void requestsOutsideEveryGroupAreNotTagged() throws Exception {
    assertThat(get("/orders/7").body()).isEqualTo("item 7");
    assertThat(get("/actuator/collapse").statusCode()).isEqualTo(200);

    List<ServerRequestObservationContext> observed = serverRequests.await("/orders/7", 1);
    assertThat(observed)
        .singleElement()
        .satisfies(context -> assertThat(collapseOutcome(context)).isNull());
    assertThat(serverRequests.await("/actuator/collapse", 1))
        .singleElement()
        .satisfies(context -> assertThat(collapseOutcome(context)).isNull());
  }

  /**
   * Waits, at most 20 s, until the timer of {@code path} with these tags counted {@code count}
   * requests, and returns it, or null if it never was. Spring Boot registers its meter handler
   * before the test's {@link ServletObservedApp.ServerRequests}, and a registry tells its handlers
   * of a stop in the reverse order of registration: a request's observation is seen stopped there
   * just before its timer records it.
   */
  private Timer awaitTimer(String path, int status, String outcome, String exception, int count)
      throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
    while (true) {
      Timer timer =
          meters
              .find("http.server.requests")
              .tag("uri", path)
              .tag("status", Integer.toString(status))
              .tag("outcome", outcome)
              .tag("exception", exception)
              .timer();
      if ((timer != null && timer.count() >= count) || System.nanoTime() > deadline) {
        return timer;
      }
      Thread.sleep(10);
    }
  }

  private static Map<String, String> serverKeys(ServerRequestObservationContext context) {
    return context.getLowCardinalityKeyValues().stream()
        .filter(keyValue -> SERVER_KEYS.contains(keyValue.getKey()))
        .collect(Collectors.toMap(KeyValue::getKey, KeyValue::getValue, (a, b) -> b, TreeMap::new));
  }

  private static String collapseOutcome(ServerRequestObservationContext context) {
    KeyValue outcome = context.getHighCardinalityKeyValue("collapse.outcome");
    return outcome == null ? null : outcome.getValue();
  }

  private HttpResponse<String> get(String path) throws Exception {
    return LoopbackGet.get(port, path);
  }
}
