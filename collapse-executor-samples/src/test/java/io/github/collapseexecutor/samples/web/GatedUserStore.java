package io.github.collapseexecutor.samples.web;

import io.github.collapseexecutor.samples.batch.User;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A user store whose calls wait until every caller of a test has started its call (at most 10 s),
 * then take {@value #LATENCY_MILLIS} ms: the first call is still in flight when the last caller
 * reaches its client, so that concurrent calls overlap however the threads are scheduled.
 */
final class GatedUserStore extends UserStore {

  static final long LATENCY_MILLIS = 100;

  private volatile CountDownLatch arrivals = new CountDownLatch(0);

  GatedUserStore() {
    super(Duration.ofMillis(LATENCY_MILLIS));
  }

  /** Holds every later call until {@code callers} callers called {@link #arrived()}. */
  void expect(int callers) {
    arrivals = new CountDownLatch(callers);
  }

  /** Records that a caller is about to call its client. */
  void arrived() {
    arrivals.countDown();
  }

  @Override
  public List<User> findAll(Collection<Long> ids) throws InterruptedException {
    if (!arrivals.await(10, TimeUnit.SECONDS)) {
      throw new IllegalStateException("callers did not all arrive: " + arrivals.getCount());
    }
    return super.findAll(ids);
  }
}
