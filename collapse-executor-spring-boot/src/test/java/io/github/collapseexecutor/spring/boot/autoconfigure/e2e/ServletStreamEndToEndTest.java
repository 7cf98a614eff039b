package io.github.collapseexecutor.spring.boot.autoconfigure.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.http.HttpCollapseStats;
import io.github.collapseexecutor.http.UnsharedReason;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutors;
import io.github.collapseexecutor.testing.http.Concurrently;
import io.github.collapseexecutor.testing.http.StreamLines;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * Spring MVC's {@code SseEmitter} on a collapsible path, behind the auto-configured collapse
 * filter: each event reaches the caller as the handler sends it (the handler sends event 1, then
 * waits until the test's client read it before it sends event 2), and concurrent callers each get
 * their whole stream.
 */
@SpringBootTest(
    classes = ServletObservedApp.class,
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
    properties = {ServletObservedApp.GROUP, ServletObservedApp.ENDPOINTS})
final class ServletStreamEndToEndTest {

  private static final int N = 5;

  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(20)).build();

  @LocalServerPort private int port;

  @Autowired private ServerGate gate;

  @Autowired private ServletObservedApp.EventGate events;

  @Autowired private CollapseExecutors executors;

  @AfterEach
  void release() {
    for (int i = 0; i < N; i++) {
      events.read();
    }
  }

  @Test
  @Timeout(60)
  void eachEventReachesTheCallerAsTheHandlerSendsIt() throws Exception {
    gate.expect(1);
    events.expect(1);

    try (StreamLines stream = open("first")) {
      assertThat(stream.next()).isEqualTo("data:1");
      events.read();
      assertThat(stream.next()).isEqualTo("data:2");
      assertThat(stream.next()).isNull();
    }
  }

  @Test
  @Timeout(90)
  void concurrentCallersEachGetTheirWholeStream() throws Exception {
    gate.expect(N);
    events.expect(N);
    HttpCollapseStats stats =
        executors.list().stream()
            .filter(executor -> executor.integration().equals("servlet"))
            .findFirst()
            .orElseThrow()
            .stats();
    long replayedBefore = stats.replayed();
    long streamsBefore = stats.unshared(UnsharedReason.STREAM);

    List<List<String>> streams =
        Concurrently.run(
            N,
            () -> {
              try (StreamLines stream = open("concurrent")) {
                List<String> lines = new ArrayList<>();
                lines.add(stream.next());
                events.read();
                lines.add(stream.next());
                lines.add(stream.next());
                return lines;
              }
            });

    assertThat(streams)
        .hasSize(N)
        .allSatisfy(lines -> assertThat(lines).containsExactly("data:1", "data:2", null));
    assertThat(gate.handled()).as("a stream is never shared").isEqualTo(N);
    assertThat(stats.replayed()).isEqualTo(replayedBefore);
    assertThat(stats.unshared(UnsharedReason.STREAM)).isGreaterThan(streamsBefore);
  }

  /**
   * Opens the stream; {@code round} keys the request apart from the other tests', whose streams
   * marked their own keys for hit-for-pass.
   */
  private StreamLines open(String round) throws Exception {
    StreamLines stream =
        StreamLines.open(
            http,
            HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + port + "/obs/events?round=" + round))
                .header("Accept", "text/event-stream")
                .build());
    assertThat(stream.contentType()).startsWith("text/event-stream");
    return stream;
  }
}
