package io.github.collapseexecutor.spring.boot.autoconfigure.e2e;

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
