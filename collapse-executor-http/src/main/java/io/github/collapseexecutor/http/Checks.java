package io.github.collapseexecutor.http;

import java.time.Duration;
import java.util.Objects;

/** Checks the times and counts this package's value types take; a rejection names the setting. */
final class Checks {

  private Checks() {}

  /**
   * Returns {@code value}.
   *
   * @throws IllegalArgumentException if {@code value} is zero or negative
   */
  static Duration positive(String setting, Duration value) {
    if (Objects.requireNonNull(value, setting).isZero() || value.isNegative()) {
      throw new IllegalArgumentException(setting + " must be positive: " + value);
    }
    return value;
  }

  /**
   * Returns {@code value}.
   *
   * @throws IllegalArgumentException if {@code value} is negative
   */
  static Duration notNegative(String setting, Duration value) {
    if (Objects.requireNonNull(value, setting).isNegative()) {
      throw new IllegalArgumentException(setting + " must not be negative: " + value);
    }
    return value;
  }

  /**
   * Returns {@code value}.
   *
   * @throws IllegalArgumentException if {@code value} is negative
   */
  static int notNegative(String setting, int value) {
    if (value < 0) {
      throw new IllegalArgumentException(setting + " must not be negative: " + value);
    }
    return value;
  }

  /**
   * Returns {@code value} as an {@code int}.
   *
   * @throws IllegalArgumentException if {@code value} is negative or over 2 GiB - 1
   */
  static int intSize(String setting, long value) {
    if (value < 0 || value > Integer.MAX_VALUE) {
      throw new IllegalArgumentException(
          setting + " must be between 0 and " + Integer.MAX_VALUE + ": " + value);
    }
    return (int) value;
  }
}
