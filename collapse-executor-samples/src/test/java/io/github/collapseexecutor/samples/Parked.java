package io.github.collapseexecutor.samples;

import java.util.Collection;
import java.util.concurrent.TimeUnit;

/**
 * Waits until threads are parked (waiting for a result inside an executor), which no latch can
 * signal. Bounded: fails the test after ten seconds.
 */
public final class Parked {

  private static final long LIMIT_NANOS = TimeUnit.SECONDS.toNanos(10);

  private Parked() {}

  /** Returns when every thread in {@code threads} is waiting, blocked or ended. */
  public static void awaitAll(Collection<Thread> threads) {
    long deadline = System.nanoTime() + LIMIT_NANOS;
    while (!threads.stream().allMatch(Parked::isParked)) {
      if (System.nanoTime() - deadline > 0) {
        throw new AssertionError("threads did not park within 10 s: " + threads.stream()
            .map(thread -> thread.getName() + " " + thread.getState()).toList());
      }
      Thread.yield();
    }
  }

  private static boolean isParked(Thread thread) {
    Thread.State state = thread.getState();
    return state == Thread.State.WAITING || state == Thread.State.TIMED_WAITING
        || state == Thread.State.BLOCKED || state == Thread.State.TERMINATED;
  }
}
