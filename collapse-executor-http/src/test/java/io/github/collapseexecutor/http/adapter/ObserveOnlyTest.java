package io.github.collapseexecutor.http.adapter;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.http.HttpCollapseStats;
import io.github.collapseexecutor.http.RequestHeaders;
import io.github.collapseexecutor.http.RequestTarget;
import io.github.collapseexecutor.http.UnsharedReason;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.net.URI;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Flow;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Observe mode through the client collapsers: every caller sends its own request on its own
 * thread and gets its own live response; the counts say what collapse would have done.
 */
@Timeout(30)
final class ObserveOnlyTest {

  private static final int N = 8;

  private static final HttpCollapseOptions OPTIONS =
      HttpCollapseOptions.builder()
          .group(CollapseGroup.ofUris("/items/*"))
          .maxBodyBytes(100)
          .observeOnly(true)
          .build();

  @Test
  void blockingCallersEachSendAndAllButTheFirstWouldJoin() throws Exception {
    CountDownLatch arrived = new CountDownLatch(N);
    Backend backend = new Backend(arrived, List.of());
    List<String> responses = sendAll(backend, "/items/1", List.of());

    assertThat(backend.sent).hasValue(N);
    assertThat(responses).hasSize(N).doesNotHaveDuplicates();
    HttpCollapseStats stats = backend.collapser.stats().groups().get(0);
    assertThat(stats.passedThrough()).isEqualTo(N);
    assertThat(stats.wouldJoin()).isEqualTo(N - 1);
    assertThat(stats.wouldSave()).isEqualTo(N - 1);
    assertThat(stats.fanIn()).containsExactly(0L, 0L, 0L, 1L, 0L, 0L, 0L);
    assertThat(backend.collapser.protocol().observedRuns()).isZero();
  }

  @Test
  void aRequestAfterTheFirstEndedWouldMakeACallOfItsOwn() throws Exception {
    Backend backend = new Backend(new CountDownLatch(0), List.of());

    backend.collapser.execute(get("/items/1", List.of()), backend);
    backend.collapser.execute(get("/items/1", List.of()), backend);

    HttpCollapseStats stats = backend.collapser.stats();
    assertThat(stats.wouldJoin()).isZero();
    assertThat(stats.fanIn()).containsExactly(2L, 0L, 0L, 0L, 0L, 0L, 0L);
  }

  @Test
  void unshareableResponsesCountUnderTheirReasonAndMarkTheKeyForHitForPass() throws Exception {
    CountDownLatch arrived = new CountDownLatch(N);
    Backend backend = new Backend(arrived, List.of(Map.entry("Set-Cookie", "a=b")));
    sendAll(backend, "/items/1", List.of());

    HttpCollapseStats stats = backend.collapser.stats();
    assertThat(stats.wouldJoin()).isEqualTo(N - 1);
    assertThat(stats.wouldSave()).isZero();
    assertThat(stats.unshared(UnsharedReason.SET_COOKIE)).isEqualTo(N);

    // as collapse would, the next request with the key goes straight through
    backend.collapser.execute(get("/items/1", List.of()), backend);
    assertThat(stats.unshared(UnsharedReason.HIT_FOR_PASS)).isOne();
  }

  @Test
  void aBodyAnnouncedOverTheLimitIsTooLarge() throws Exception {
    CountDownLatch arrived = new CountDownLatch(N);
    Backend backend = new Backend(arrived, List.of(Map.entry("Content-Length", "1000")));
    sendAll(backend, "/items/1", List.of());

    assertThat(backend.collapser.stats().unshared(UnsharedReason.TOO_LARGE)).isEqualTo(N);
    assertThat(backend.collapser.stats().wouldSave()).isZero();
  }

  @Test
  void differentCredentialsNeverWouldJoin() throws Exception {
    CountDownLatch arrived = new CountDownLatch(N);
    Backend backend = new Backend(arrived, List.of());
    List<Future<String>> sent = new ArrayList<>();
    ExecutorService callers = Executors.newFixedThreadPool(N);
    try {
      for (int i = 0; i < N; i++) {
        List<Map.Entry<String, String>> headers =
            List.of(Map.entry("Authorization", "Bearer user-" + i));
        sent.add(
            callers.submit(() -> backend.collapser.execute(get("/items/1", headers), backend)));
      }
      for (Future<String> response : sent) {
        response.get(20, TimeUnit.SECONDS);
      }
    } finally {
      callers.shutdownNow();
    }

    assertThat(backend.collapser.stats().wouldJoin()).isZero();
    assertThat(backend.collapser.stats().topKeys()).isEmpty();
  }

  @Test
  void asyncCallersEachSendAndAllButTheFirstWouldJoin() throws Exception {
    AsyncClientCollapser collapser = new AsyncClientCollapser(OPTIONS, "test");
    CompletableFuture<String> release = new CompletableFuture<>();
    AtomicInteger sent = new AtomicInteger();
    List<CompletableFuture<String>> responses = new ArrayList<>();
    for (int i = 0; i < N; i++) {
      responses.add(collapser.execute(get("/items/1", List.of()), new AsyncBackend(release, sent)));
    }
    release.complete("answer");

    for (CompletableFuture<String> response : responses) {
      assertThat(response.get(20, TimeUnit.SECONDS)).startsWith("answer ");
    }
    assertThat(sent).hasValue(N);
    assertThat(collapser.stats().wouldJoin()).isEqualTo(N - 1);
    assertThat(collapser.stats().wouldSave()).isEqualTo(N - 1);
  }

  private static List<String> sendAll(
      Backend backend, String path, List<Map.Entry<String, String>> headers) throws Exception {
    List<Future<String>> sent = new ArrayList<>();
    List<String> responses = new ArrayList<>();
    ExecutorService callers = Executors.newFixedThreadPool(N);
    try {
      for (int i = 0; i < N; i++) {
        sent.add(callers.submit(() -> backend.collapser.execute(get(path, headers), backend)));
      }
      for (Future<String> response : sent) {
        responses.add(response.get(20, TimeUnit.SECONDS));
      }
    } finally {
      callers.shutdownNow();
    }
    return responses;
  }

  private static RequestTarget get(String path, List<Map.Entry<String, String>> headers) {
    return RequestTarget.builder("GET", URI.create("http://backend" + path))
        .headers(
            RequestHeaders.ofEntries(
                headers.stream()
                    .map(header -> Map.entry(header.getKey(), List.of(header.getValue())))
                    .toList()))
        .build();
  }

  /** Answers each call once every caller of the round has sent, each with its own number. */
  private static final class Backend implements ClientDriver.Blocking<String> {

    final BlockingClientCollapser collapser = new BlockingClientCollapser(OPTIONS, "test");
    final AtomicInteger sent = new AtomicInteger();
    private final CountDownLatch arrived;
    private final List<Map.Entry<String, @Nullable String>> headers;

    Backend(CountDownLatch arrived, List<Map.Entry<String, @Nullable String>> headers) {
      this.arrived = arrived;
      this.headers = headers;
    }

    @Override
    public String send() throws InterruptedIOException {
      int call = sent.incrementAndGet();
      arrived.countDown();
      try {
        assertThat(arrived.await(20, TimeUnit.SECONDS)).isTrue();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new InterruptedIOException("interrupted");
      }
      return "call " + call;
    }

    @Override
    public Head head(String response) {
      return Head.of(200, "OK", headers);
    }

    @Override
    public InputStream body(String response) {
      return new ByteArrayInputStream(response.getBytes(UTF_8));
    }

    @Override
    public String withBody(String response, InputStream body) {
      return response;
    }

    @Override
    public void close(String response) {}

    @Override
    public String replay(SharedResponse shared) {
      throw new AssertionError("nothing is replayed when observing only");
    }
  }

  /** Answers every call with the one body, once released, each with its own number. */
  private record AsyncBackend(CompletableFuture<String> release, AtomicInteger sent)
      implements ClientDriver.Async<String> {

    @Override
    public CompletableFuture<String> send() {
      int call = sent.incrementAndGet();
      return release.thenApply(body -> body + " " + call);
    }

    @Override
    public Head head(String response) {
      return Head.of(200, "OK", List.of());
    }

    @Override
    public Flow.Publisher<List<ByteBuffer>> body(String response) {
      throw new AssertionError("the body is not read when observing only");
    }

    @Override
    public String withBody(String response, Flow.Publisher<List<ByteBuffer>> body) {
      return response;
    }

    @Override
    public String replay(SharedResponse shared) {
      throw new AssertionError("nothing is replayed when observing only");
    }
  }
}
