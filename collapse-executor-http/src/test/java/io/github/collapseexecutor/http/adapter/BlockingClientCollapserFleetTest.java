package io.github.collapseexecutor.http.adapter;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.core.CallerOutcome;
import io.github.collapseexecutor.http.CallObserver;
import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.CollapseKey;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.http.RequestTarget;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.io.SequenceInputStream;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Two instances of a blocking client behind one fleet tier (in memory, as the Redis tier
 * behaves): the caller that leads a key on one instance makes the call for both; a leader that
 * leaves while another instance calls leaves alone; a response whose body failed, and the calls
 * of a client without a name, stay on their instance.
 */
@Timeout(20)
final class BlockingClientCollapserFleetTest {

  private static final long WAIT = 10;

  /** The client of each name, one per name as an adapter's partition is. */
  private static final Map<String, Object> CLIENTS = new ConcurrentHashMap<>();

  private final MemoryFleet fleet = new MemoryFleet();

  /** Counts the callers that joined another's call, on either instance. */
  private final Semaphore joined = new Semaphore(0);

  private final BlockingClientCollapser first = collapser();
  private final BlockingClientCollapser second = collapser();
  private final ExecutorService threads = Executors.newCachedThreadPool();

  @AfterEach
  void close() {
    threads.shutdownNow();
    first.close();
    second.close();
  }

  @Test
  void theOtherInstancesLeaderAndItsWaitersTakeTheResponseOfOneCall() throws Exception {
    Backend firstCall = new Backend("ada", false);
    Future<String> firstLeader = threads.submit(() -> first.execute(target("quotes"), firstCall));
    assertThat(firstCall.entered.await(WAIT, TimeUnit.SECONDS)).isTrue();
    Backend notSent = new Backend("never", false);
    Future<String> secondLeader = threads.submit(() -> second.execute(target("quotes"), notSent));
    assertThat(fleet.waiting.await(WAIT, TimeUnit.SECONDS)).isTrue();
    Future<String> secondWaiter = threads.submit(() -> second.execute(target("quotes"), notSent));
    assertThat(joined.tryAcquire(WAIT, TimeUnit.SECONDS)).isTrue();

    firstCall.release.countDown();

    assertThat(firstLeader.get(WAIT, TimeUnit.SECONDS)).isEqualTo("ada");
    assertThat(secondLeader.get(WAIT, TimeUnit.SECONDS)).isEqualTo("ada");
    assertThat(secondWaiter.get(WAIT, TimeUnit.SECONDS)).isEqualTo("ada");
    assertThat(firstCall.sent).hasValue(1);
    assertThat(notSent.sent).hasValue(0);
  }

  /**
   * Hazard: the leader on the second instance is interrupted while the first instance calls. It
   * fails alone, keeping its interrupt, and a caller that waited for it still gets the response.
   */
  @Test
  void aLeaderInterruptedWhileAnotherInstanceCallsLeavesItsWaitersTheCall() throws Exception {
    Backend firstCall = new Backend("ada", false);
    Future<String> firstLeader = threads.submit(() -> first.execute(target("quotes"), firstCall));
    assertThat(firstCall.entered.await(WAIT, TimeUnit.SECONDS)).isTrue();
    Backend notSent = new Backend("never", false);
    CountDownLatch interruptKept = new CountDownLatch(1);
    Future<String> secondLeader =
        threads.submit(
            () -> {
              try {
                return second.execute(target("quotes"), notSent);
              } finally {
                if (Thread.currentThread().isInterrupted()) {
                  interruptKept.countDown();
                }
              }
            });
    assertThat(fleet.waiting.await(WAIT, TimeUnit.SECONDS)).isTrue();
    Backend waiterBackend = new Backend("never", false);
    Future<String> secondWaiter =
        threads.submit(() -> second.execute(target("quotes"), waiterBackend));
    assertThat(joined.tryAcquire(WAIT, TimeUnit.SECONDS)).isTrue();

    secondLeader.cancel(true);
    assertThat(interruptKept.await(WAIT, TimeUnit.SECONDS)).isTrue();
    // the leader's wait for the first instance, then the waiter's, which took the call over
    assertThat(fleet.waits.tryAcquire(2, WAIT, TimeUnit.SECONDS)).isTrue();
    firstCall.release.countDown();

    assertThat(firstLeader.get(WAIT, TimeUnit.SECONDS)).isEqualTo("ada");
    assertThat(secondWaiter.get(WAIT, TimeUnit.SECONDS)).isEqualTo("ada");
    assertThat(firstCall.sent).hasValue(1);
    assertThat(notSent.sent.get() + waiterBackend.sent.get()).isZero();
  }

  @Test
  void aResponseWhoseBodyFailedStaysOnItsInstance() throws Exception {
    Backend failing = new Backend("partial", true);
    Future<String> firstLeader = threads.submit(() -> first.execute(target("quotes"), failing));
    assertThat(failing.entered.await(WAIT, TimeUnit.SECONDS)).isTrue();
    Backend own = new Backend("own", false);
    own.release.countDown();
    Future<String> secondLeader = threads.submit(() -> second.execute(target("quotes"), own));
    assertThat(fleet.waiting.await(WAIT, TimeUnit.SECONDS)).isTrue();

    failing.release.countDown();

    assertThat(firstLeader.get(WAIT, TimeUnit.SECONDS)).isEqualTo("body failed");
    assertThat(secondLeader.get(WAIT, TimeUnit.SECONDS)).isEqualTo("own");
    assertThat(own.sent).hasValue(1);
  }

  @Test
  void clientsOfDifferentNamesHaveDifferentFleetKeysAndAnUnnamedOneNone() throws Exception {
    for (String client : new String[] {"quotes", "quotes-admin", null}) {
      Backend backend = new Backend("ada", false);
      backend.release.countDown();
      assertThat(first.execute(target(client), backend)).isEqualTo("ada");
    }

    assertThat(fleet.keys).hasSize(2);
    assertThat(fleet.keys.get(0)).isNotEqualTo(fleet.keys.get(1));
    assertThat(String.join("|", fleet.keys.get(0)))
        .contains("quotes")
        .doesNotContain("quotes-admin");
  }

  private BlockingClientCollapser collapser() {
    return new BlockingClientCollapser(
        HttpCollapseOptions.builder()
            .group(CollapseGroup.ofUris("/quotes/*"))
            .observations(
                options ->
                    new CallObserver() {
                      @Override
                      public Caller caller(@Nullable Object observation) {
                        return new Caller() {
                          @Override
                          public void outcome(CallerOutcome outcome, @Nullable String reason) {
                            if (outcome == CallerOutcome.JOINED) {
                              joined.release();
                            }
                          }

                          @Override
                          public void linkTo(@Nullable SharedCall call) {}
                        };
                      }

                      @Override
                      public SharedCall sharedCall(
                          String executorName, CollapseKey key, Caller leader) {
                        return SharedCall.NONE;
                      }
                    })
            .fleet(fleet)
            .build(),
        "test");
  }

  /** A request for the one quote every test asks for, of the client of this name, if any. */
  private static RequestTarget target(@Nullable String clientName) {
    return RequestTarget.builder("GET", URI.create("http://backend.test/quotes/acme"))
        .client(
            CLIENTS.computeIfAbsent(String.valueOf(clientName), name -> new Object()), clientName)
        .build();
  }

  /**
   * A call that answers {@code body} once released, as a response of the caller's own; with
   * {@code failBody} its body fails after the first bytes. The response is its body as text.
   */
  private static final class Backend implements ClientDriver.Blocking<String> {

    final CountDownLatch entered = new CountDownLatch(1);
    final CountDownLatch release = new CountDownLatch(1);
    final AtomicInteger sent = new AtomicInteger();
    private final String body;
    private final boolean failBody;

    Backend(String body, boolean failBody) {
      this.body = body;
      this.failBody = failBody;
    }

    @Override
    public String send() throws IOException {
      sent.incrementAndGet();
      entered.countDown();
      try {
        if (!release.await(WAIT, TimeUnit.SECONDS)) {
          throw new IOException("not released");
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new InterruptedIOException("interrupted");
      }
      return body;
    }

    @Override
    public Head head(String response) {
      return new Head(200, "OK", List.of(Map.entry("Content-Type", "text/plain")), null);
    }

    @Override
    public InputStream body(String response) {
      InputStream bytes = new ByteArrayInputStream(response.getBytes(UTF_8));
      return !failBody
          ? bytes
          : new SequenceInputStream(
              bytes,
              new InputStream() {
                @Override
                public int read() throws IOException {
                  throw new IOException("connection reset");
                }
              });
    }

    @Override
    public String withBody(String response, InputStream body) {
      return response;
    }

    @Override
    public void close(String response) {}

    @Override
    public String replay(SharedResponse shared) {
      try (InputStream in = shared.bodyStream()) {
        return new String(in.readAllBytes(), UTF_8);
      } catch (IOException e) {
        return "body failed"; // where the caller's client would have read the failure
      }
    }
  }
}
