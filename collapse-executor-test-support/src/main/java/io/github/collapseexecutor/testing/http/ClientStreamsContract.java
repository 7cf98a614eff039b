package io.github.collapseexecutor.testing.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.http.HttpCollapseStats;
import io.github.collapseexecutor.http.UnsharedReason;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Streams through every client adapter: a response of a stream type
 * ({@code text/event-stream} here) reaches the caller that asked for it event by event, as it
 * arrives, and the callers that waited for the same call make their own. Checked by order, not by
 * time: the server holds the second event until the client read the first
 * ({@link EventStreamBackend}), so an adapter that buffers the whole stream before its caller sees
 * any of it gets the server's give-up event instead of the rest. The driver reads the events
 * with {@link DrivenClient#readEvents}.
 */
public interface ClientStreamsContract extends ClientContract {

  /** How many callers read the stream at once. */
  int STREAM_CALLERS = 4;

  @Test
  @Timeout(30)
  default void theCallerReadsEachEventBeforeTheServerSendsTheNext() throws Exception {
    EventStreamBackend backend = new EventStreamBackend();
    try (DrivenClient client = openStreaming(backend)) {
      backend.expect(1);

      List<String> events = readStream(backend, client);

      assertThat(events).containsExactlyElementsOf(EventStreamBackend.EVENTS);
      assertThat(client.stats().unshared(UnsharedReason.STREAM)).isEqualTo(1);
    } finally {
      backend.stop();
    }
  }

  @Test
  @Timeout(30)
  default void concurrentCallersEachReadTheWholeStreamAsItArrives() throws Exception {
    EventStreamBackend backend = new EventStreamBackend();
    try (DrivenClient client = openStreaming(backend)) {
      // the server holds every stream until every caller read its first event: callers that
      // waited for another's stream to end would wait for ever
      backend.expect(STREAM_CALLERS);

      List<List<String>> streams =
          Concurrently.run(STREAM_CALLERS, () -> readStream(backend, client));

      assertThat(streams)
          .allSatisfy(
              events -> assertThat(events).containsExactlyElementsOf(EventStreamBackend.EVENTS));
      assertThat(backend.requests()).isEqualTo(STREAM_CALLERS);
      // a leading caller is refused its stream's sharing, then each other either waited for it
      // or went straight to the server (hit-for-pass); a caller that looked for a hit-for-pass
      // mark just before the first refusal set it, and joined just after that call ended, leads
      // a call of its own, refused in turn: each caller is counted once, under one of the two
      HttpCollapseStats stats = client.stats();
      assertThat(
              stats.unshared(UnsharedReason.STREAM) + stats.unshared(UnsharedReason.HIT_FOR_PASS))
          .isEqualTo(STREAM_CALLERS);
      assertThat(stats.led())
          .isPositive()
          .isEqualTo(STREAM_CALLERS - stats.fellBack() - stats.passedThrough());
      assertThat(stats.replayed()).isZero();
    } finally {
      backend.stop();
    }
  }

  private DrivenClient openStreaming(EventStreamBackend backend) throws Exception {
    return open(
        backend.start(),
        HttpCollapseOptions.builder().group(CollapseGroup.ofUris("/events/**")).build());
  }

  private static List<String> readStream(EventStreamBackend backend, DrivenClient client)
      throws Exception {
    List<String> events = new CopyOnWriteArrayList<>();
    client.readEvents(
        Call.get(EventStreamBackend.PATH),
        event -> {
          events.add(event);
          if (events.size() == 1) {
            backend.received();
          }
        });
    return events;
  }
}
