package io.github.collapseexecutor.core;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** What the adaptive limit remembers of where its backend queues. */
final class LimitKneeTest {

  @Test
  void withoutAKneeEveryGrowthWaitsTheLeast() {
    LimitKnee knee = new LimitKnee();

    assertThat(knee.knee()).isEqualTo(Integer.MAX_VALUE);
    assertThat(knee.roundsBeforeGrowingTo(16)).isEqualTo(BatchLimit.MIN_GROWTH_WAIT);
    assertThat(knee.passedAt(16)).isTrue();
  }

  @Test
  void growthBelowTheKneeWaitsTheLeastAndTheKneeItselfLonger() {
    LimitKnee knee = new LimitKnee();
    knee.queuedAt(9);

    assertThat(knee.roundsBeforeGrowingTo(8)).isEqualTo(BatchLimit.MIN_GROWTH_WAIT);
    assertThat(knee.roundsBeforeGrowingTo(9)).isEqualTo(2 * BatchLimit.MIN_GROWTH_WAIT);
  }

  @Test
  void eachFailedProbeDoublesTheWaitUpToTheMost() {
    LimitKnee knee = failedOftenAt(9);

    assertThat(knee.roundsBeforeGrowingTo(9)).isEqualTo(BatchLimit.MAX_GROWTH_WAIT);
  }

  @Test
  void aKneeFailedOftenIsForgottenOnlyAfterAsManyPasses() {
    LimitKnee knee = failedOftenAt(9);

    for (int i = 1; i < LimitKnee.MAX_CERTAINTY; i++) {
      assertThat(knee.passedAt(9)).isFalse();
      assertThat(knee.knee()).isEqualTo(9);
    }
    assertThat(knee.roundsBeforeGrowingTo(9)).isLessThan(BatchLimit.MAX_GROWTH_WAIT);
    assertThat(knee.passedAt(9)).isTrue();
    assertThat(knee.knee()).isEqualTo(Integer.MAX_VALUE);
    assertThat(knee.roundsBeforeGrowingTo(9)).isEqualTo(BatchLimit.MIN_GROWTH_WAIT);
  }

  @Test
  void aLowerKneeReplacesTheOldOneAndStartsUnsure() {
    LimitKnee knee = failedOftenAt(9);
    knee.queuedAt(3);

    assertThat(knee.knee()).isEqualTo(3);
    assertThat(knee.roundsBeforeGrowingTo(3)).isEqualTo(2 * BatchLimit.MIN_GROWTH_WAIT);
    assertThat(knee.passedAt(3)).isTrue();
  }

  @Test
  void queueingAboveTheKneeChangesNothing() {
    LimitKnee knee = new LimitKnee();
    knee.queuedAt(4);
    knee.queuedAt(6);

    assertThat(knee.knee()).isEqualTo(4);
    assertThat(knee.roundsBeforeGrowingTo(4)).isEqualTo(2 * BatchLimit.MIN_GROWTH_WAIT);
  }

  /** A knee whose probes failed more often than it counts. */
  private static LimitKnee failedOftenAt(int limit) {
    LimitKnee knee = new LimitKnee();
    for (int i = 0; i < 10; i++) {
      knee.queuedAt(limit);
    }
    return knee;
  }
}
