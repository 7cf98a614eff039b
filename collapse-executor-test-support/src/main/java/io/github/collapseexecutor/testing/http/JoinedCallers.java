package io.github.collapseexecutor.testing.http;

import io.github.collapseexecutor.core.CallerOutcome;
import io.github.collapseexecutor.http.CallObserver;
import io.github.collapseexecutor.http.CollapseKey;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Counts the requests that joined another's call, through the adapter's observer SPI, so that a
 * backend can hold its answer until every caller is waiting for it, however slowly a busy machine
 * starts them.
 */
public final class JoinedCallers implements CallObserver.Factory {

  private final CountDownLatch joined;
  private final CompletableFuture<Void> allJoined = new CompletableFuture<>();

  /** Counts down from {@code expected} joined requests. */
  public JoinedCallers(int expected) {
    this.joined = new CountDownLatch(expected);
  }

  /** Waits, at most 30 s, until the expected number of requests joined; returns whether so. */
  public boolean await() throws InterruptedException {
    return joined.await(30, TimeUnit.SECONDS);
  }

  /**
   * Returns a future that completes when the expected number of requests joined, for a test that
   * waits for either that or another signal.
   */
  public CompletableFuture<Void> allJoined() {
    return allJoined;
  }

  @Override
  public CallObserver create(HttpCollapseOptions options) {
    CallObserver.Caller caller =
        new CallObserver.Caller() {
          @Override
          public void outcome(CallerOutcome outcome, String reason) {
            if (outcome == CallerOutcome.JOINED) {
              joined.countDown();
              if (joined.getCount() == 0) {
                allJoined.complete(null);
              }
            }
          }

          @Override
          public void linkTo(CallObserver.SharedCall call) {}
        };
    return new CallObserver() {
      @Override
      public Caller caller(Object observation) {
        return caller;
      }

      @Override
      public SharedCall sharedCall(String executorName, CollapseKey key, Caller leader) {
        return SharedCall.NONE;
      }
    };
  }
}
