package io.github.collapseexecutor.testing.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.core.CallerOutcome;
import io.github.collapseexecutor.http.CallObserver;
import io.github.collapseexecutor.http.CollapseKey;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * Counts every place the adapter under test gives a request: each time it leads a call, waits
 * for one or goes through on its own, a request that takes a call over counted again. A test
 * holds its backend until the requests it expects are all in place.
 */
public final class Placements {

  private final AtomicInteger placed = new AtomicInteger();
  private final ReentrantLock lock = new ReentrantLock();
  private final Condition changed = lock.newCondition();

  /** Returns observations for the options of the adapter under test that count placements. */
  public CallObserver.Factory observations() {
    return observing(() -> this::placed);
  }

  /**
   * Returns observations that run, each time the adapter gives a request its place, what
   * {@code perRequest} made for that request when it arrived.
   */
  static CallObserver.Factory observing(Supplier<Runnable> perRequest) {
    return options ->
        new CallObserver() {
          @Override
          public Caller caller(@Nullable Object observation) {
            Runnable placed = perRequest.get();
            return new Caller() {
              @Override
              public void outcome(CallerOutcome outcome, @Nullable String reason) {
                placed.run();
              }

              @Override
              public void linkTo(@Nullable SharedCall call) {}
            };
          }

          @Override
          public SharedCall sharedCall(String executorName, CollapseKey key, Caller leader) {
            return SharedCall.NONE;
          }
        };
  }

  /** Returns how many placements were counted. */
  public int count() {
    return placed.get();
  }

  /** Waits, at most 20 s, until at least {@code n} placements were counted. */
  public void await(int n) throws InterruptedException {
    long left = TimeUnit.SECONDS.toNanos(20);
    lock.lock();
    try {
      while (placed.get() < n && left > 0) {
        left = changed.awaitNanos(left);
      }
    } finally {
      lock.unlock();
    }
    assertThat(placed.get()).as("requests placed by the adapter").isGreaterThanOrEqualTo(n);
  }

  private void placed() {
    placed.incrementAndGet();
    lock.lock();
    try {
      changed.signalAll();
    } finally {
      lock.unlock();
    }
  }
}
