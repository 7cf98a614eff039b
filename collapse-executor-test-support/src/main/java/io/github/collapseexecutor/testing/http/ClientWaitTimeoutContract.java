package io.github.collapseexecutor.testing.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.core.CollapseListener;
import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The wait timeout of every client adapter, against a real server whose first call hangs: a caller
 * that joined that call stops waiting after {@link HttpCollapseOptions#waitTimeout()} and makes
 * its own call, as if collapse were off, while the call it left goes on and still reaches the
 * caller that made it.
 *
 * <p>Hazard: a waiter that gives up must neither cancel the shared call (WebClient cancels a
 * shared exchange when every subscriber left) nor wait for it after its timeout, and the caller
 * that made the call must never be cut short by the timeout.
 */
public interface ClientWaitTimeoutContract extends ClientContract {

  /** The wait timeout of the adapter under test. */
  Duration WAIT_TIMEOUT = Duration.ofMillis(300);

  /** How many callers join the hanging call. */
  int WAITERS = 3;

  @Test
  @Timeout(20)
  default void waitersThatTimeOutMakeTheirOwnCallsWhileTheLeaderGoesOn() throws Exception {
    StuckFirstBackend backend = new StuckFirstBackend();
    AtomicInteger timeoutsReported = new AtomicInteger();
    ExecutorService pool = Executors.newCachedThreadPool();
    backend.start();
    try (DrivenClient client =
        open(
            backend.baseUrl(),
            HttpCollapseOptions.builder()
                .group(CollapseGroup.ofUris("/slow/*"))
                .waitTimeout(WAIT_TIMEOUT)
                .listener(
                    new CollapseListener() {
                      @Override
                      public void callTimedOut(String executorName) {
                        timeoutsReported.incrementAndGet();
                      }
                    })
                .build())) {
      CompletableFuture<String> leader =
          CompletableFuture.supplyAsync(
              () -> {
                try {
                  return client.send(Call.get("/slow/1")).text();
                } catch (Exception e) {
                  throw new CompletionException(e);
                }
              },
              pool);
      backend.awaitFirst();

      long start = System.nanoTime();
      List<String> waiters =
          Concurrently.run(WAITERS, () -> client.send(Call.get("/slow/1")).text());
      long waitedNanos = System.nanoTime() - start;

      assertThat(waiters).doesNotHaveDuplicates().allMatch(body -> body.matches("call [2-4]"));
      assertThat(waitedNanos)
          .as("the waiters waited for the call in progress")
          .isGreaterThanOrEqualTo(WAIT_TIMEOUT.toNanos());
      assertThat(leader).as("the leader is still held by the server").isNotDone();
      assertThat(client.stats().fellBack()).isEqualTo(WAITERS);
      assertThat(timeoutsReported).hasValue(WAITERS);

      backend.release();
      assertThat(leader.get(10, TimeUnit.SECONDS)).isEqualTo("call 1");
      assertThat(client.stats().led()).isEqualTo(1);
      assertThat(client.stats().replayed()).isZero();
      assertThat(backend.calls()).isEqualTo(1 + WAITERS);
    } finally {
      backend.stop();
      pool.shutdownNow();
    }
  }
}
