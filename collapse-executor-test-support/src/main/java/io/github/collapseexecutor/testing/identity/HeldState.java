package io.github.collapseexecutor.testing.identity;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A piece of state that reads and writes reach through the adapter or annotation under test
 * ({@link ReadsAfterWritesContract}). A read's run takes the version as it starts and answers
 * {@code v<version> r<run>}; the first run is held until {@link #release()}, so that a write can
 * complete while it is in flight. Thread-safe.
 */
public final class HeldState {

  private final AtomicInteger version = new AtomicInteger();
  private final AtomicInteger runs = new AtomicInteger();
  private final CountDownLatch firstRunStarted = new CountDownLatch(1);
  private final CountDownLatch released = new CountDownLatch(1);

  /** Runs a read: the first one waits, at most 30 s, until released. */
  public String read() {
    int run = runs.incrementAndGet();
    int seen = version.get();
    if (run == 1) {
      firstRunStarted.countDown();
      try {
        released.await(30, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    return "v" + seen + " r" + run;
  }

  /** Runs a write: the version goes up by one; returns the new version. */
  public int write() {
    return version.incrementAndGet();
  }

  /** Waits, at most 30 s, until the first read's run has taken its version; returns whether. */
  public boolean awaitFirstRun() throws InterruptedException {
    return firstRunStarted.await(30, TimeUnit.SECONDS);
  }

  /** Lets the first run answer. */
  public void release() {
    released.countDown();
  }

  /** Returns how many reads ran. */
  public int runs() {
    return runs.get();
  }
}
