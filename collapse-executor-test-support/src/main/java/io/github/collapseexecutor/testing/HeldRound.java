package io.github.collapseexecutor.testing;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Holds each call of a round where it arrives (a method, a backend's handler) until every call of
 * the round has arrived, so that all of them are in progress at once however slowly a busy
 * machine starts them: the way an observe-mode test makes every call but the first one a
 * would-be join. Counts every arrival.
 */
public final class HeldRound {

  private final AtomicInteger arrivals = new AtomicInteger();
  private volatile CountDownLatch round = new CountDownLatch(0);

  /** Starts a round: each of the next {@code calls} calls waits until all have arrived. */
  public void expect(int calls) {
    round = new CountDownLatch(calls);
  }

  /**
   * Counts a call and waits, at most 30 s, until every call of the round has arrived.
   *
   * @throws IllegalStateException if they did not, or the wait was interrupted
   */
  public void arrive() {
    arrivals.incrementAndGet();
    CountDownLatch all = round;
    all.countDown();
    try {
      if (!all.await(30, TimeUnit.SECONDS)) {
        throw new IllegalStateException(
            "the round's other calls did not arrive: " + all.getCount() + " missing");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /** Returns how many calls arrived, in every round. */
  public int arrivals() {
    return arrivals.get();
  }
}
