package io.github.collapseexecutor.spring.boot.autoconfigure.actuate;

import java.util.Arrays;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLongArray;
import org.jspecify.annotations.Nullable;

/**
 * Recent durations of one kind, for their median: a fixed reservoir of {@value #SIZE} slots, each
 * recording overwriting one at random, so that older durations fade out as new ones come. No
 * lock, no shared counter: a recording is one write, and reading sorts a copy, as only the
 * endpoint reads. Thread-safe.
 */
final class Samples {

  private static final int SIZE = 256;

  /** Each slot's duration plus one, in nanoseconds; 0 for a slot never written. */
  private final AtomicLongArray slots = new AtomicLongArray(SIZE);

  void record(long nanos) {
    slots.setRelease(ThreadLocalRandom.current().nextInt(SIZE), Math.max(0, nanos) + 1);
  }

  /** Returns the median of the durations held, in milliseconds, or {@code null} if none. */
  @Nullable Double medianMillis() {
    long[] held = new long[SIZE];
    int count = 0;
    for (int i = 0; i < SIZE; i++) {
      long slot = slots.getAcquire(i);
      if (slot != 0) {
        held[count++] = slot - 1;
      }
    }
    if (count == 0) {
      return null;
    }
    Arrays.sort(held, 0, count);
    return held[count / 2] / 1_000_000.0;
  }
}
