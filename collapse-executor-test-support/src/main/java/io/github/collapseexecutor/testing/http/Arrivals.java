package io.github.collapseexecutor.testing.http;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Holds an endpoint's answers until every caller of a round has set off, then for the endpoint's
 * latency: the callers of a round then overlap with its calls however slowly a busy machine
 * starts them.
 */
public final class Arrivals {

  /** How long the endpoint takes to answer once every caller has set off. */
  public static final Duration LATENCY = Duration.ofMillis(300);

  private volatile CountDownLatch expected = new CountDownLatch(0);

  /** Starts a round of {@code callers} callers. */
  public void expect(int callers) {
    expected = new CountDownLatch(callers);
  }

  /** Tells that a caller of the round sets off; call it just before the caller's request. */
  public void arrive() {
    expected.countDown();
  }

  /** Waits, at most 10 s, until every caller of the round has set off, then the latency. */
  public void awaitThenAnswer() {
    try {
      expected.await(10, TimeUnit.SECONDS);
      Thread.sleep(LATENCY.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
