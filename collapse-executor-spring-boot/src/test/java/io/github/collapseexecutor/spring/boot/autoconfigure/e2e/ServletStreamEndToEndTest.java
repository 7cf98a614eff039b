package io.github.collapseexecutor.spring.boot.autoconfigure.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutors;
import io.github.collapseexecutor.spring.http.Concurrently;
import io.github.collapseexecutor.spring.http.HttpCollapseStats;
import io.github.collapseexecutor.spring.http.UnsharedReason;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
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
@SpringBootTest(classes = ServletObservedApp.class,
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
    properties = {ServletObservedApp.GROUP, ServletObservedApp.ENDPOINTS})
final class ServletStreamEndToEndTest {

  private static final int N = 5;
  /** How long a client waits for an event; a stream held back never comes. */
  private static final long READ_SECONDS = 10;
  private static final ExecutorService READS = Executors.newCachedThreadPool(task -> {
    Thread thread = new Thread(task, "sse-read");
    thread.setDaemon(true);
    return thread;
  });

  private final HttpClient http = HttpClient.newBuilder()
      .connectTimeout(Duration.ofSeconds(5)).build();

  @LocalServerPort
  private int port;

  @Autowired
  private ServerGate gate;

  @Autowired
  private ServletObservedApp.EventGate events;

  @Autowired
  private CollapseExecutors executors;

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

    try (Events stream = open("first")) {
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
    HttpCollapseStats stats = executors.list().stream()
        .filter(executor -> executor.integration().equals("servlet")).findFirst().orElseThrow()
        .stats();
    long replayedBefore = stats.replayed();
    long streamsBefore = stats.unshared(UnsharedReason.STREAM);

    List<List<String>> streams = Concurrently.run(N, () -> {
      try (Events stream = open("concurrent")) {
        List<String> lines = new ArrayList<>();
        lines.add(stream.next());
        events.read();
        lines.add(stream.next());
        lines.add(stream.next());
        return lines;
      }
    });

    assertThat(streams).hasSize(N)
        .allSatisfy(lines -> assertThat(lines).containsExactly("data:1", "data:2", null));
    assertThat(gate.handled()).as("a stream is never shared").isEqualTo(N);
    assertThat(stats.replayed()).isEqualTo(replayedBefore);
    assertThat(stats.unshared(UnsharedReason.STREAM)).isGreaterThan(streamsBefore);
  }

  /**
   * Opens the stream; {@code round} keys the request apart from the other tests', whose streams
   * marked their own keys for hit-for-pass.
   */
  private Events open(String round) throws Exception {
    HttpRequest request = HttpRequest.newBuilder(
        URI.create("http://127.0.0.1:" + port + "/obs/events?round=" + round))
        .header("Accept", "text/event-stream").build();
    HttpResponse<InputStream> response = http.sendAsync(request,
        HttpResponse.BodyHandlers.ofInputStream()).get(READ_SECONDS, TimeUnit.SECONDS);
    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(response.headers().firstValue("Content-Type")).hasValueSatisfying(
        type -> assertThat(type).startsWith("text/event-stream"));
    return new Events(response.body());
  }

  /** The lines of a stream that are not blank, each read within {@link #READ_SECONDS}. */
  private static final class Events implements AutoCloseable {

    private final BufferedReader lines;

    Events(InputStream body) {
      this.lines = new BufferedReader(new InputStreamReader(body, StandardCharsets.UTF_8));
    }

    String next() throws Exception {
      return CompletableFuture.supplyAsync(() -> {
        try {
          String line = lines.readLine();
          while (line != null && line.isEmpty()) {
            line = lines.readLine();
          }
          return line;
        } catch (IOException e) {
          throw new IllegalStateException(e);
        }
      }, READS).get(READ_SECONDS, TimeUnit.SECONDS);
    }

    @Override
    public void close() throws IOException {
      lines.close();
    }
  }
}
