package io.github.collapseexecutor.samples;

import java.util.Collection;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Waits until threads wait inside a collapse executor for a result, which no latch can signal.
 * Bounded: fails the test after ten seconds.
 *
 * <p>Only a thread the executor parked counts (its blocker is one of the executor's own objects):
 * a thread blocked on a monitor, waiting for a class to be initialized or queued for a lock has not
 * joined yet, and keeps that state for a while after it was let go, until it runs again.
 */
public final class Parked {

  private static final long LIMIT_NANOS = TimeUnit.SECONDS.toNanos(10);
  private static final String EXECUTOR_PACKAGE = "io.github.collapseexecutor.";

  private Parked() {}

  /** Returns when every thread in {@code threads} waits inside a collapse executor or has ended. */
  public static void awaitAll(Collection<Thread> threads) {
    long deadline = System.nanoTime() + LIMIT_NANOS;
    while (!threads.stream().allMatch(Parked::waitsInExecutor)) {
      if (System.nanoTime() - deadline > 0) {
        throw new AssertionError(
            "threads did not park within 10 s: "
                + threads.stream()
                    .map(
                        thread ->
                            thread.getName()
                                + " "
                                + thread.getState()
                                + " on "
                                + LockSupport.getBlocker(thread))
                    .toList());
      }
      Thread.yield();
    }
  }

  private static boolean waitsInExecutor(Thread thread) {
    Thread.State state = thread.getState();
    if (state == Thread.State.TERMINATED) {
      return true;
    }
    Object blocker = LockSupport.getBlocker(thread);
    return (state == Thread.State.WAITING || state == Thread.State.TIMED_WAITING)
        && blocker != null
        && blocker.getClass().getName().startsWith(EXECUTOR_PACKAGE);
  }
}
