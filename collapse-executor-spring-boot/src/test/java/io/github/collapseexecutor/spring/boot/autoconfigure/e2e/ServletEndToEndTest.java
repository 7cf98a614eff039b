package io.github.collapseexecutor.spring.boot.autoconfigure.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.testing.http.Concurrently;
import io.micrometer.core.instrument.MeterRegistry;
import java.net.http.HttpResponse;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.ActiveProfiles;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The servlet filter in embedded Tomcat on a random port, configured by a YAML with a section per
 * adapter: identical concurrent requests run the handler fewer times than they arrive, and the
 * {@code collapse} endpoint and the metrics show it.
 */
@SpringBootTest(
    classes = ServletEndToEndTest.App.class,
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@ActiveProfiles("sections")
final class ServletEndToEndTest {

  private static final int N = 8;

  @LocalServerPort private int port;

  @Autowired private ServerGate gate;

  @Autowired private ReportLatch reports;

  @Autowired private MeterRegistry registry;

  @Test
  void concurrentIdenticalRequestsShareOneHandlerRun() throws Exception {
    reports.expect("servlet");

    int handled =
        gate.handledUntilShared(
            N,
            5,
            () -> {
              List<HttpResponse<String>> responses = Concurrently.run(N, () -> get("/user/1"));
              assertThat(responses).extracting(HttpResponse::statusCode).containsOnly(200);
              assertThat(responses).extracting(HttpResponse::body).containsOnly("item 1");
              return responses;
            });

    assertThat(handled).isBetween(1, N - 1);
    assertThat(gate.afterCollapse())
        .as("an unordered filter runs after the collapse filter")
        .isEqualTo(gate.handled());
    reports.await();
    assertThat(
            registry
                .get("collapse.executor.batch.size")
                .tag("integration", "servlet")
                .tag("executor", "servlet")
                .summary()
                .max())
        .isGreaterThan(1);
    assertThat(
            registry
                .get("collapse.http.requests")
                .tag("integration", "servlet")
                .tag("outcome", "replayed")
                .functionCounter()
                .count())
        .isPositive();
  }

  @Test
  void pathsOutsideEveryGroupRunTheHandlerEachTime() throws Exception {
    gate.expect(N);

    List<HttpResponse<String>> responses = Concurrently.run(N, () -> get("/orders/9"));

    assertThat(responses).extracting(HttpResponse::body).containsOnly("item 9");
    assertThat(gate.handled()).isEqualTo(N);
  }

  @Test
  void endpointListsTheFilterWithItsGroupsAndCounts() throws Exception {
    gate.expect(N);
    Concurrently.run(N, () -> get("/user/2"));

    HttpResponse<String> response = get("/actuator/collapse");

    assertThat(response.statusCode()).isEqualTo(200);
    JsonNode servlet = null;
    for (JsonNode executor :
        JsonMapper.builder().build().readTree(response.body()).get("executors")) {
      if (executor.get("integration").asString().equals("servlet")) {
        servlet = executor;
      }
    }
    assertThat(servlet).isNotNull();
    assertThat(servlet.get("name").asString()).isEqualTo("servlet");
    assertThat(servlet.get("counts").get("replayed").asLong()).isPositive();
    assertThat(servlet.get("requests").asLong())
        .isEqualTo(
            servlet.get("backendCalls").asLong() + servlet.get("counts").get("replayed").asLong());
    assertThat(servlet.get("collapseRatio").asDouble()).isPositive();
    assertThat(servlet.get("groups").get(0).get("uris").toString())
        .isEqualTo("[\"/user/*\",\"/test/noop*\"]");
    assertThat(servlet.get("groups").get(1).get("collapsePolicyName").asString())
        .isEqualTo("sample-policy1");
    JsonNode users = servlet.get("groups").get(0);
    assertThat(users.get("counts").get("replayed").asLong()).isPositive();
    assertThat(users.get("requests").asLong())
        .isEqualTo(
            users.get("backendCalls").asLong() + users.get("counts").get("replayed").asLong());
    assertThat(users.get("collapseRatio").asDouble()).isPositive();
    assertThat(servlet.get("groups").get(1).get("requests").asLong())
        .as("nothing asked for /samples/*")
        .isZero();
    assertThat(servlet.get("settings").get("order").asInt()).isEqualTo(Integer.MAX_VALUE);
    assertThat(servlet.get("waitTimeoutMillis").asLong()).isEqualTo(30_000);
  }

  private HttpResponse<String> get(String path) throws Exception {
    return LoopbackGet.get(port, path);
  }

  @SpringBootConfiguration
  @EnableAutoConfiguration
  @Import(GatedApp.class)
  static class App {}
}
