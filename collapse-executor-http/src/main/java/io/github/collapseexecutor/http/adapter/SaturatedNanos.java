package io.github.collapseexecutor.http.adapter;

import java.time.Duration;

/** Durations in nanoseconds, for the deadlines of the protocol. */
final class SaturatedNanos {

  private SaturatedNanos() {}

  /** Returns {@code duration} in nanoseconds, {@link Long#MAX_VALUE} if longer than that. */
  static long of(Duration duration) {
    try {
      return duration.toNanos();
    } catch (ArithmeticException tooLong) {
      return Long.MAX_VALUE;
    }
  }
}
