package io.github.collapseexecutor.testing;

import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/** Bounded waits for tests that make threads meet: every wait ends after 10 s at most. */
public final class Parking {

  private Parking() {}

  /** Waits, at most 10 s, until every thread of {@code threads} is parked or has ended. */
  public static void awaitParked(List<Thread> threads) {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (!allParked(threads) && System.nanoTime() < deadline) {
      LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
    }
  }

  /**
   * Waits, at most 10 s, until {@code condition} holds, failing naming {@code what} if it does
   * not: for what is reported after the caller has its answer, with no latch to wait on.
   */
  public static void awaitTrue(BooleanSupplier condition, String what) {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() - deadline > 0) {
        throw new IllegalStateException("waited 10 s for " + what);
      }
      LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
    }
  }

  /** Waits for {@code latch}, failing after 10 s. */
  public static void await(CountDownLatch latch) {
    try {
      if (!latch.await(10, TimeUnit.SECONDS)) {
        throw new IllegalStateException("waited 10 s for " + latch);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  private static boolean allParked(List<Thread> threads) {
    for (Thread thread : threads) {
      Thread.State state = thread.getState();
      if (state != Thread.State.WAITING
          && state != Thread.State.TIMED_WAITING
          && state != Thread.State.TERMINATED) {
        return false;
      }
    }
    return true;
  }
}
