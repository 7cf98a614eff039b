package io.github.collapseexecutor.testing.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.core.CollapseListener;
import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.http.HttpCollapseStats;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The wait timeout of every client adapter, against a real server whose first call hangs: a caller
 * that joined that call stops waiting after {@link HttpCollapseOptions#waitTimeout()} and makes
 * its own call, as if collapse were off, while the call it left goes on and still reaches the
 * caller that made it. Each adapter's test class supplies the client.
 *
 * <p>Hazard: a waiter that gives up must neither cancel the shared call (WebClient cancels a
 * shared exchange when every subscriber left) nor wait for it after its timeout, and the caller
 * that made the call must never be cut short by the timeout.
 */
public abstract class ClientWaitTimeoutContract {

  /** The wait timeout of the adapter under test. */
  protected static final Duration WAIT_TIMEOUT = Duration.ofMillis(300);

  private static final int WAITERS = 3;

  /** The server the client calls. */
  protected final StuckFirstBackend backend = new StuckFirstBackend();

  private final AtomicInteger timeoutsReported = new AtomicInteger();
  private final ExecutorService pool = Executors.newCachedThreadPool();

  /** Creates the adapter under test from {@code options} and a client that uses it. */
  protected abstract void createClient(HttpCollapseOptions options);

  /** Makes a GET to {@code path} of the backend with the collapsing client; returns the body. */
  protected abstract String get(String path) throws Exception;

  /** Returns the counters of the adapter under test. */
  protected abstract HttpCollapseStats stats();

  @BeforeEach
  void startBackend() {
    backend.start();
    createClient(HttpCollapseOptions.builder()
        .group(CollapseGroup.ofUris("/slow/*"))
        .waitTimeout(WAIT_TIMEOUT)
        .listener(new CollapseListener() {
          @Override
          public void callTimedOut(String executorName) {
            timeoutsReported.incrementAndGet();
          }
        })
        .build());
  }

  @AfterEach
  void stopBackend() {
    backend.stop();
    pool.shutdownNow();
  }

  @Test
  @Timeout(20)
  void waitersThatTimeOutMakeTheirOwnCallsWhileTheLeaderGoesOn() throws Exception {
    CompletableFuture<String> leader = CompletableFuture.supplyAsync(() -> call("/slow/1"), pool);
    backend.awaitFirst();

    long start = System.nanoTime();
    List<String> waiters = Concurrently.run(WAITERS, () -> get("/slow/1"));
    long waitedNanos = System.nanoTime() - start;

    assertThat(waiters).doesNotHaveDuplicates().allMatch(body -> body.matches("call [2-4]"));
    assertThat(waitedNanos).as("the waiters waited for the call in progress")
        .isGreaterThanOrEqualTo(WAIT_TIMEOUT.toNanos());
    assertThat(leader).as("the leader is still held by the server").isNotDone();
    assertThat(stats().fellBack()).isEqualTo(WAITERS);
    assertThat(timeoutsReported).hasValue(WAITERS);

    backend.release();
    assertThat(leader.get(10, TimeUnit.SECONDS)).isEqualTo("call 1");
    assertThat(stats().led()).isEqualTo(1);
    assertThat(stats().replayed()).isZero();
    assertThat(backend.calls()).isEqualTo(1 + WAITERS);
  }

  private String call(String path) {
    try {
      return get(path);
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }
}
