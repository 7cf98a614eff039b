package io.github.collapseexecutor.samples.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.samples.Callers;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

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

  private final HttpClient http = HttpClient.newBuilder()
      .connectTimeout(Duration.ofSeconds(20)).build();
  private final JsonMapper json = JsonMapper.builder().build();

  @LocalServerPort
  private int port;

  @Autowired
  private ArrivalBarrier barrier;

  @Test
  void aWriteIncrementsTheVersionThatLaterReadsAnswer() throws Exception {
    long before = Long.parseLong(send("GET", "/mixed/noop/1").body());

    long written = Long.parseLong(send("POST", "/mixed/noop/1").body());

    assertThat(written).isEqualTo(before + 1);
    assertThat(send("GET", "/mixed/noop/1").body()).isEqualTo(Long.toString(written));
    assertThat(send("GET", "/mixed/collapse/1").body())
        .as("the other side keeps versions of its own").isEqualTo("0");
  }

  @Test
  void theCounterCountsEachSidesReadsAndWrites() throws Exception {
    JsonNode before = counter();
    send("GET", "/mixed/noop/2");
    send("GET", "/mixed/noop/2");
    send("POST", "/mixed/collapse/2");

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
    List<HttpResponse<String>> collapsed = concurrently("/mixed/collapse/3");
    long collapseRuns = counter().get("collapse").asLong() - collapseBefore;
    long noopBefore = counter().get("noop").asLong();
    List<HttpResponse<String>> plain = concurrently("/mixed/noop/3");
    long noopRuns = counter().get("noop").asLong() - noopBefore;

    assertThat(collapsed).extracting(HttpResponse::body).containsOnly("0");
    assertThat(plain).extracting(HttpResponse::body).containsOnly("0");
    assertThat(collapseRuns).isBetween(1L, REQUESTS - 1L);
    assertThat(noopRuns).isEqualTo(REQUESTS);
  }

  @Test
  void otherSidesAndKeysAreNotFound() throws Exception {
    assertThat(send("GET", "/mixed/other/1").statusCode()).isEqualTo(404);
    assertThat(send("GET", "/mixed/noop/100").statusCode()).isEqualTo(404);
    assertThat(send("POST", "/mixed/noop/x").statusCode()).isEqualTo(404);
  }

  private List<HttpResponse<String>> concurrently(String path) throws Exception {
    barrier.expect(REQUESTS);
    return Callers.runConcurrently(REQUESTS, caller -> send("GET", path));
  }

  private JsonNode counter() throws Exception {
    return json.readTree(send("GET", "/mixed/counter").body());
  }

  private HttpResponse<String> send(String method, String path) throws Exception {
    HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
        .timeout(Duration.ofSeconds(20)).method(method, HttpRequest.BodyPublishers.noBody())
        .build();
    return http.send(request, HttpResponse.BodyHandlers.ofString());
  }
}
