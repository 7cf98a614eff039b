package io.github.collapseexecutor.spring.annotation;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.jspecify.annotations.Nullable;

/**
 * How many writes have completed in the application: transactions committed by its transaction
 * managers and returns of {@link CollapseBarrier} methods. A {@link Collapsible} call's key holds
 * the count at its arrival, so a call that arrives after a write completed never joins a run that
 * started before: reads never go back in time. Callers that arrived before the write keep the run
 * they joined, which started no earlier than they did.
 */
final class CompletedWrites {

  private final AtomicLong count = new AtomicLong();

  /** When the last write completed, {@link System#nanoTime()}; set before the count moves. */
  private volatile long lastNanos;

  /** Returns the writes completed so far. */
  long count() {
    return count.get();
  }

  /** Records that a write completed: from now on, callers start runs of their own. */
  void completed() {
    lastNanos = System.nanoTime();
    count.incrementAndGet();
  }

  /**
   * Returns how long ago the last write completed, or {@code null} if none did: a run another
   * instance started earlier than that may not have seen it.
   */
  @Nullable Duration sinceLast() {
    if (count.get() == 0) {
      return null;
    }
    return Duration.ofNanos(Math.max(0, System.nanoTime() - lastNanos));
  }
}
