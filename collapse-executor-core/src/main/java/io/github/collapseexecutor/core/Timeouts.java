package io.github.collapseexecutor.core;

import java.time.Duration;
import java.util.Objects;

/** Validates caller timeouts. */
final class Timeouts {

  private Timeouts() {}

  static long toNanos(Duration timeout) {
    Objects.requireNonNull(timeout, "timeout");
    if (timeout.isNegative()) {
      throw new IllegalArgumentException("timeout must not be negative: " + timeout);
    }
    try {
      return timeout.toNanos();
    } catch (ArithmeticException tooLong) {
      return Long.MAX_VALUE;
    }
  }
}
