package io.github.collapseexecutor.testing.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.http.HttpCollapseStats;
import io.github.collapseexecutor.http.UnsharedReason;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Streams through every client adapter: a response of a stream type
 * ({@code text/event-stream} here) reaches the caller that asked for it event by event, as it
 * arrives, and the callers that waited for the same call make their own. Checked by order, not by
 * time: the server holds the second event until the client read the first
 * ({@link EventStreamBackend}), so an adapter that buffers the whole stream before its caller sees
 * any of it gets the server's give-up event instead of the rest. Each adapter's test class
 * supplies the client.
 */
public abstract class ClientStreamsContract {

  private static final int CALLERS = 4;

  /** The server the client calls. */
  protected final EventStreamBackend backend = new EventStreamBackend();

  private String baseUrl;

  /** Creates the adapter under test from {@code options} and a client that uses it. */
  protected abstract void createClient(HttpCollapseOptions options);

  /**
   * Makes a GET to {@code url} with the collapsing client and hands {@code onEvent} the data of
   * each event as the client reads it; returns when the stream ended.
   */
  protected abstract void readEvents(String url, Consumer<String> onEvent) throws Exception;

  /** Returns the counters of the adapter under test. */
  protected abstract HttpCollapseStats stats();

  /** Closes the adapter and the client. */
  protected abstract void closeClient();

  /** Reads the server-sent events of {@code body}, handing {@code onEvent} each data line. */
  protected static void readDataLines(InputStream body, Consumer<String> onEvent)
      throws IOException {
    BufferedReader lines = new BufferedReader(new InputStreamReader(body, StandardCharsets.UTF_8));
    for (String line = lines.readLine(); line != null; line = lines.readLine()) {
      if (line.startsWith("data:")) {
        onEvent.accept(line.substring("data:".length()).strip());
      }
    }
  }

  @BeforeEach
  void start() throws IOException {
    baseUrl = backend.start();
    createClient(HttpCollapseOptions.builder()
        .group(CollapseGroup.ofUris("/events/**"))
        .build());
  }

  @AfterEach
  void stop() {
    closeClient();
    backend.stop();
  }

  @Test
  @Timeout(30)
  void theCallerReadsEachEventBeforeTheServerSendsTheNext() throws Exception {
    backend.expect(1);

    List<String> events = read();

    assertThat(events).containsExactlyElementsOf(EventStreamBackend.EVENTS);
    assertThat(stats().unshared(UnsharedReason.STREAM)).isEqualTo(1);
  }

  @Test
  @Timeout(30)
  void concurrentCallersEachReadTheWholeStreamAsItArrives() throws Exception {
    // the server holds every stream until every caller read its first event: callers that waited
    // for another's stream to end would wait for ever
    backend.expect(CALLERS);

    List<List<String>> streams = Concurrently.run(CALLERS, this::read);

    assertThat(streams).allSatisfy(events ->
        assertThat(events).containsExactlyElementsOf(EventStreamBackend.EVENTS));
    assertThat(backend.requests()).isEqualTo(CALLERS);
    // a leading caller is refused its stream's sharing, then each other either waited for it or
    // went straight to the server (hit-for-pass); a caller that looked for a hit-for-pass mark
    // just before the first refusal set it, and joined just after that call ended, leads a call
    // of its own, refused in turn: each caller is counted once, under one of the two reasons
    assertThat(stats().unshared(UnsharedReason.STREAM)
        + stats().unshared(UnsharedReason.HIT_FOR_PASS)).isEqualTo(CALLERS);
    assertThat(stats().led()).isPositive()
        .isEqualTo(CALLERS - stats().fellBack() - stats().passedThrough());
    assertThat(stats().replayed()).isZero();
  }

  private List<String> read() throws Exception {
    List<String> events = new CopyOnWriteArrayList<>();
    readEvents(baseUrl + EventStreamBackend.PATH, event -> {
      events.add(event);
      if (events.size() == 1) {
        backend.received();
      }
    });
    return events;
  }
}
