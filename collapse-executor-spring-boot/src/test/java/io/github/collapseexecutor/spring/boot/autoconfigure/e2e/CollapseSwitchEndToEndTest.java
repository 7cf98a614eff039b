package io.github.collapseexecutor.spring.boot.autoconfigure.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.testing.http.Concurrently;
import io.github.collapseexecutor.testing.http.Flipping;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
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
 * The {@code collapse} endpoint's write operation, which the application grants, and recent
 * events over HTTP, against the servlet
 * filter in embedded Tomcat on a random port: a collapse group switched off runs the handler for
 * every request, switched on again it collapses, and switching while requests run changes no
 * response.
 */
@SpringBootTest(
    classes = CollapseSwitchEndToEndTest.App.class,
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
    properties = "management.endpoint.collapse.access=unrestricted")
@ActiveProfiles("sections")
@Timeout(60)
final class CollapseSwitchEndToEndTest {

  private static final int N = 8;
  private static final JsonMapper JSON = JsonMapper.builder().build();

  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(20)).build();

  @LocalServerPort private int port;

  @Autowired private ServerGate gate;

  @Autowired private ReportLatch reports;

  /** Every group of the executor, whatever a test left off: the next test needs them on. */
  @AfterEach
  void switchBackOn() throws Exception {
    HttpResponse<String> on = post("/actuator/collapse/servlet", "{\"collapsing\": true}");
    assertThat(on.statusCode()).as(on.body()).isEqualTo(200);
    assertThat(collapse().get("collapsingOff")).isEmpty();
  }

  @Test
  void aGroupSwitchedOffRunsTheHandlerForEveryRequestUntilSwitchedOn() throws Exception {
    HttpResponse<String> off =
        post("/actuator/collapse/servlet", "{\"collapsing\": false, \"group\": \"/user/*\"}");

    assertThat(off.statusCode()).isEqualTo(200);
    assertThat(JSON.readTree(off.body()).toString())
        .isEqualTo("[{\"executor\":\"servlet\",\"groups\":[\"/user/*\"],\"collapsing\":false}]");
    JsonNode switchedOff = collapse().get("collapsingOff");
    assertThat(switchedOff.toString())
        .isEqualTo("[{\"executor\":\"servlet\",\"groups\":[\"/user/*\"],\"collapsing\":false}]");
    gate.expect(N);
    List<HttpResponse<String>> uncollapsed = Concurrently.run(N, () -> get("/user/1"));
    assertThat(uncollapsed).extracting(HttpResponse::body).containsOnly("item 1");
    assertThat(gate.handled()).isEqualTo(N);

    HttpResponse<String> on =
        post("/actuator/collapse/servlet", "{\"collapsing\": true, \"group\": \"/user/*\"}");

    assertThat(on.statusCode()).as(on.body()).isEqualTo(200);
    assertThat(collapse().get("collapsingOff")).isEmpty();
    int handled =
        gate.handledUntilShared(
            N,
            5,
            () ->
                assertThat(Concurrently.run(N, () -> get("/user/1")))
                    .extracting(HttpResponse::body)
                    .containsOnly("item 1"));
    // on failure, what the executor counted says which way the requests went
    JsonNode counted = collapse();
    assertThat(handled)
        .as(
            "handler runs; the executors: %s; recent events: %s",
            counted.get("executors"), counted.get("recentEvents"))
        .isBetween(1, N - 1);
  }

  @Test
  void recentEventsShowTheSharedRunsNewestFirst() throws Exception {
    gate.expect(N);
    reports.expect("servlet");
    Concurrently.run(N, () -> get("/user/3"));
    reports.await();

    JsonNode events = collapse().get("recentEvents");

    assertThat(events).isNotEmpty();
    JsonNode shared = null;
    for (JsonNode event : events) {
      if (event.get("type").asString().equals("batch") && event.get("size").asInt() > 1) {
        shared = event;
        break;
      }
    }
    assertThat(shared).as("a shared run in %s", events).isNotNull();
    assertThat(shared.get("executor").asString()).isEqualTo("servlet");
    assertThat(shared.get("executeMillis").asDouble()).isPositive();
    assertThat(Instant.parse(shared.get("time").asString())).isBefore(Instant.now());
    assertThat(events.size()).isLessThanOrEqualTo(20);
  }

  @Test
  void unknownExecutorOrGroupIsABadRequestThatNamesWhatExists() throws Exception {
    assertThat(badRequest(post("/actuator/collapse/nothing", "{\"collapsing\": false}")))
        .contains(
            "no named executor, annotated method, core executor, HTTP executor or"
                + " collapse group is named 'nothing'")
        .contains("HTTP executors: [servlet")
        .contains("collapse groups: [/user/*");
    assertThat(
            badRequest(
                post(
                    "/actuator/collapse/servlet",
                    "{\"collapsing\": false, \"group\": \"/nowhere/*\"}")))
        .contains(
            "HTTP executor 'servlet' has no collapse group named '/nowhere/*'; its groups:"
                + " [/user/*");
    assertThat(collapse().get("collapsingOff")).isEmpty();
  }

  @Test
  void aMissingOrMalformedSwitchIsABadRequestThatSaysWhatToSend() throws Exception {
    assertThat(badRequest(post("/actuator/collapse/servlet", "{}")))
        .contains("collapsing is missing: send {\"collapsing\": false}")
        .contains("HTTP executors: [servlet");
    assertThat(badRequest(post("/actuator/collapse/servlet", "{\"collapsing\": \"maybe\"}")))
        .contains("collapsing must be true or false, not 'maybe'");
    assertThat(collapse().get("collapsingOff")).isEmpty();
  }

  /** Returns the message of a 400 answer, failing on any other. */
  private static String badRequest(HttpResponse<String> response) throws Exception {
    assertThat(response.statusCode()).as(response.body()).isEqualTo(400);
    JsonNode body = JSON.readTree(response.body());
    assertThat(body.get("status").asInt()).isEqualTo(400);
    return body.get("message").asString();
  }

  /**
   * Hazard: a request that reads the switch while the endpoint flips it must still get the
   * response it would get with collapsing either on or off, never a failure or another's body.
   */
  @Test
  void switchingWhileRequestsRunChangesNoResponse() throws Exception {
    gate.expect(0);

    List<List<String>> responses =
        Flipping.whileRunning(
            on -> send(post("/user/*", on)),
            N,
            () -> {
              List<String> mine = new ArrayList<>();
              for (int i = 0; i < 25; i++) {
                HttpResponse<String> response = get("/user/" + (i % 3));
                mine.add(response.statusCode() + " " + response.body());
              }
              return mine;
            });

    for (List<String> mine : responses) {
      for (int i = 0; i < mine.size(); i++) {
        assertThat(mine.get(i)).isEqualTo("200 item " + (i % 3));
      }
    }
  }

  private HttpRequest post(String group, boolean collapsing) {
    return HttpRequest.newBuilder(uri("/actuator/collapse/servlet"))
        .timeout(Duration.ofSeconds(20))
        .header("Content-Type", "application/json")
        .POST(
            HttpRequest.BodyPublishers.ofString(
                "{\"collapsing\": " + collapsing + ", \"group\": \"" + group + "\"}"))
        .build();
  }

  private void send(HttpRequest request) {
    try {
      assertThat(http.send(request, HttpResponse.BodyHandlers.discarding()).statusCode())
          .isEqualTo(200);
    } catch (Exception e) {
      throw new AssertionError(e);
    }
  }

  private JsonNode collapse() throws Exception {
    HttpResponse<String> response = get("/actuator/collapse");
    assertThat(response.statusCode()).isEqualTo(200);
    return JSON.readTree(response.body());
  }

  private HttpResponse<String> post(String path, String json) throws Exception {
    HttpRequest request =
        HttpRequest.newBuilder(uri(path))
            .timeout(Duration.ofSeconds(20))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(json))
            .build();
    return http.send(request, HttpResponse.BodyHandlers.ofString());
  }

  private HttpResponse<String> get(String path) throws Exception {
    HttpRequest request =
        HttpRequest.newBuilder(uri(path)).timeout(Duration.ofSeconds(20)).GET().build();
    return http.send(request, HttpResponse.BodyHandlers.ofString());
  }

  private URI uri(String path) {
    return URI.create("http://127.0.0.1:" + port + path);
  }

  @SpringBootConfiguration
  @EnableAutoConfiguration
  @Import(GatedApp.class)
  static class App {}
}
