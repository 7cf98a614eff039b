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
 * The mixed workload's endpoints behind the servlet filter: a read answers the key's version, a
 * write increments it and answers the new one, each side keeps its own versions and counts, and
 * the filter collapses the reads of {@code /mixed/collapse/*} only. Each test uses keys of its
 * own, as the tests share one application.
 */
@GatedSampleTest
@Timeout(60)
final class MixedWorkloadTest {

  private static final int REQUESTS = 20;

  @LocalServerPort private int port;

  @Autowired private ArrivalBarrier barrier;

  private SampleRequests requests;

  @BeforeEach
  void connect() {
    requests = new SampleRequests(port, barrier);
  }

  @Test
  void aWriteIncrementsTheVersionThatLaterReadsAnswer() throws Exception {
    long before = Long.parseLong(requests.send("GET", "/mixed/noop/1").body());

    long written = Long.parseLong(requests.send("POST", "/mixed/noop/1").body());

    assertThat(written).isEqualTo(before + 1);
    assertThat(requests.send("GET", "/mixed/noop/1").body()).isEqualTo(Long.toString(written));
    assertThat(requests.send("GET", "/mixed/collapse/1").body())
        .as("the other side keeps versions of its own")
        .isEqualTo("0");
  }

  @Test
  void theCounterCountsEachSidesReadsAndWrites() throws Exception {
    JsonNode before = counter();
    requests.send("GET", "/mixed/noop/2");
    requests.send("GET", "/mixed/noop/2");
    requests.send("POST", "/mixed/collapse/2");

    JsonNode after = counter();

    assertThat(after.propertyNames())
        .containsExactly("collapse", "collapse-writes", "noop", "noop-writes");
    assertThat(after.get("noop").asLong() - before.get("noop").asLong()).isEqualTo(2);
    assertThat(after.get("collapse-writes").asLong() - before.get("collapse-writes").asLong())
        .isEqualTo(1);
    assertThat(after.get("collapse").asLong()).isEqualTo(before.get("collapse").asLong());
  }

  @Test
  void concurrentReadsOfTheCollapseSideShareHandlerRunsAndOfTheNoopSideDoNot() throws Exception {
    long collapseBefore = counter().get("collapse").asLong();
    List<HttpResponse<String>> collapsed = requests.concurrently(REQUESTS, "/mixed/collapse/3");
    long collapseRuns = counter().get("collapse").asLong() - collapseBefore;
    long noopBefore = counter().get("noop").asLong();
    List<HttpResponse<String>> plain = requests.concurrently(REQUESTS, "/mixed/noop/3");
    long noopRuns = counter().get("noop").asLong() - noopBefore;

    assertThat(collapsed).extracting(HttpResponse::body).containsOnly("0");
    assertThat(plain).extracting(HttpResponse::body).containsOnly("0");
    assertThat(collapseRuns).isBetween(1L, REQUESTS - 1L);
    assertThat(noopRuns).isEqualTo(REQUESTS);
  }

  @Test
  void otherSidesAndKeysAreNotFound() throws Exception {
    assertThat(requests.send("GET", "/mixed/other/1").statusCode()).isEqualTo(404);
    assertThat(requests.send("GET", "/mixed/noop/100").statusCode()).isEqualTo(404);
    assertThat(requests.send("POST", "/mixed/noop/x").statusCode()).isEqualTo(404);
  }

  private JsonNode counter() throws Exception {
    return requests.json("/mixed/counter");
  }
}
