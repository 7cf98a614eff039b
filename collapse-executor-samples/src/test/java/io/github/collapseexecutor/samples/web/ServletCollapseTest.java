package io.github.collapseexecutor.samples.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * The stress-test endpoints behind the servlet filter, called by a client that does not collapse:
 * {@code /test/collapse*} runs fewer times than requested, {@code /test/noop*} once per request,
 * and the counter and reset report and clear the counts.
 */
@GatedSampleTest
@Timeout(60)
final class ServletCollapseTest {

  private static final int REQUESTS = 50;

  @LocalServerPort private int port;

  @Autowired private ArrivalBarrier barrier;

  private SampleRequests requests;

  @BeforeEach
  void resetCounts() throws Exception {
    requests = new SampleRequests(port, barrier);
    send("POST", "/test/reset");
  }

  @Test
  void concurrentRequestsToACollapseEndpointShareHandlerRuns() throws Exception {
    List<HttpResponse<String>> responses = concurrently("/test/collapse100");

    assertThat(responses).extracting(HttpResponse::statusCode).containsOnly(200);
    assertThat(responses).extracting(HttpResponse::body).containsOnly("collapse100");
    assertThat(counter().get("collapse100").asLong()).isBetween(1L, REQUESTS - 1L);
  }

  @Test
  void concurrentRequestsToANoopEndpointEachRunTheHandler() throws Exception {
    List<HttpResponse<String>> responses = concurrently("/test/noop100");

    assertThat(responses).extracting(HttpResponse::body).containsOnly("noop100");
    assertThat(counter().get("noop100").asLong()).isEqualTo(REQUESTS);
  }

  @Test
  void theCounterCountsEachEndpointAndTheTotal() throws Exception {
    for (String endpoint : StressTestController.ENDPOINTS) {
      assertThat(send("GET", "/test/" + endpoint).body()).isEqualTo(endpoint);
    }
    send("GET", "/test/noop0");

    JsonNode counter = counter();

    assertThat(counter.propertyNames())
        .containsExactly(
            "collapse0", "collapse1", "collapse100", "noop0", "noop1", "noop100", "total");
    assertThat(counter.get("noop0").asLong()).isEqualTo(2);
    assertThat(counter.get("collapse1").asLong()).isEqualTo(1);
    assertThat(counter.get("total").asLong()).isEqualTo(7);
  }

  @Test
  void resetByPostOrGetZeroesTheCounts() throws Exception {
    send("GET", "/test/noop1");
    JsonNode afterPost = requests.json(send("POST", "/test/reset"));
    send("GET", "/test/collapse0");
    JsonNode afterGet = requests.json(send("GET", "/test/reset"));

    assertThat(afterPost.get("total").asLong()).isZero();
    assertThat(afterGet.get("total").asLong()).isZero();
    assertThat(counter().get("total").asLong()).isZero();
  }

  @Test
  void otherPathsAndMillisAreNotFound() throws Exception {
    assertThat(send("GET", "/test/collapse5").statusCode()).isEqualTo(404);
    assertThat(send("GET", "/test/other").statusCode()).isEqualTo(404);
  }

  private List<HttpResponse<String>> concurrently(String path) throws Exception {
    return requests.concurrently(REQUESTS, path);
  }

  private JsonNode counter() throws Exception {
    return requests.json("/test/counter");
  }

  private HttpResponse<String> send(String method, String path) throws Exception {
    return requests.send(method, path);
  }
}
