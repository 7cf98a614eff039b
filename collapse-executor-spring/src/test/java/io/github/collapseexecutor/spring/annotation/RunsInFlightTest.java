package io.github.collapseexecutor.spring.annotation;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Method;
import org.junit.jupiter.api.Test;

/** A run is counted as started after a write only while an equal key's older run is in flight. */
final class RunsInFlightTest {

  private static final Object TARGET = new Object();
  private static final Method METHOD = method();

  private final RunsInFlight inFlight = new RunsInFlight();

  @Test
  void aRunWithNothingInFlightIsNotAfterAWrite() {
    assertThat(inFlight.started(key("a"), 3)).isFalse();

    inFlight.ended(key("a"), 3);
    assertThat(inFlight.keys()).isZero();
  }

  @Test
  void aRunOfAKeyWhoseOlderRunIsInFlightIsAfterAWrite() {
    inFlight.started(key("a"), 0);

    assertThat(inFlight.started(key("a"), 1)).isTrue();
    assertThat(inFlight.started(key("b"), 1)).as("another key").isFalse();
  }

  @Test
  void aRunOfTheSameWritesIsNotAfterAWrite() {
    inFlight.started(key("a"), 2);

    // its callers could have joined the one in flight, had it not been about to end
    assertThat(inFlight.started(key("a"), 2)).isFalse();
  }

  @Test
  void theOldestRunInFlightCountsWhateverEndedBefore() {
    inFlight.started(key("a"), 0);
    inFlight.started(key("a"), 1);
    inFlight.ended(key("a"), 1);

    assertThat(inFlight.started(key("a"), 1))
        .as("the run from before the write is still on")
        .isTrue();

    inFlight.ended(key("a"), 0);
    inFlight.ended(key("a"), 1);
    assertThat(inFlight.started(key("a"), 2)).as("nothing in flight").isFalse();
  }

  @Test
  void everyEndedRunLeavesNothingBehind() {
    inFlight.started(key("a"), 0);
    inFlight.started(key("a"), 1);
    inFlight.started(key("a"), 1);
    inFlight.started(key("b"), 4);

    inFlight.ended(key("a"), 1);
    inFlight.ended(key("a"), 0);
    inFlight.ended(key("b"), 4);
    assertThat(inFlight.keys()).isEqualTo(1);
    inFlight.ended(key("a"), 1);

    assertThat(inFlight.keys()).isZero();
  }

  /** The key of calls of {@code key}, apart from their writes. */
  private static CallKey key(String key) {
    return new CallKey(TARGET, METHOD, key, null, 0);
  }

  private static Method method() {
    try {
      return Object.class.getMethod("toString");
    } catch (NoSuchMethodException e) {
      throw new AssertionError(e);
    }
  }
}
