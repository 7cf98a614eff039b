package io.github.collapseexecutor.spring.boot.autoconfigure.e2e;

import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Holds the application's handler until every request of a test has arrived (at most 10 s), and
 * counts how often the handler ran.
 */
final class ServerGate {

  private volatile CountDownLatch arrivals = new CountDownLatch(0);
  private final AtomicInteger handled = new AtomicInteger();
  private final AtomicInteger afterCollapse = new AtomicInteger();

  /** Expects {@code requests} arrivals and resets the count of handler runs. */
  void expect(int requests) {
    handled.set(0);
    afterCollapse.set(0);
    arrivals = new CountDownLatch(requests);
  }

  /**
   * Runs {@code round} of {@code requests} requests, up to {@code rounds} times, until the handler
   * ran fewer times than there were requests, and returns the handler runs of the last round. A
   * request passes the arrivals filter a moment before it joins a run in the collapse filter; on a
   * busy machine that moment can outlast the leader's run, so a single round can miss its overlap.
   * Repeating keeps the test about whether requests share, not about the scheduler: a collapse
   * that never happens still fails every round.
   */
  int handledUntilShared(int requests, int rounds, Callable<?> round) throws Exception {
    for (int i = 1; ; i++) {
      expect(requests);
      round.call();
      if (handled() < requests || i == rounds) {
        return handled();
      }
    }
  }

  /** Records that a request arrived, before the collapse filter. */
  void arrived() {
    arrivals.countDown();
  }

  /** Records a handler run and waits for every request to arrive. */
  void handle() throws InterruptedException {
    handled.incrementAndGet();
    arrivals.await(10, TimeUnit.SECONDS);
  }

  /** Records a request seen by a filter that runs after the collapse filter. */
  void passedAfterCollapse() {
    afterCollapse.incrementAndGet();
  }

  /** Returns how many requests a filter after the collapse filter saw since {@link #expect(int)}. */
  int afterCollapse() {
    return afterCollapse.get();
  }

  /** Returns how often the handler ran since {@link #expect(int)}. */
  int handled() {
    return handled.get();
  }
}
