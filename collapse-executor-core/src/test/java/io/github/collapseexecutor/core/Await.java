package io.github.collapseexecutor.core;

import java.time.Duration;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * Waits for a condition that another thread makes true and that no latch can signal (a thread
 * reaching a park inside the executor, for example). Bounded: fails the test after ten seconds.
 */
final class Await {

  static final Duration LIMIT = Duration.ofSeconds(10);

  private Await() {}

  static void until(BooleanSupplier condition, Supplier<String> description) {
    long deadline = System.nanoTime() + LIMIT.toNanos();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() - deadline > 0) {
        throw new AssertionError("timed out waiting: " + description.get());
      }
      Thread.yield();
    }
  }
}
