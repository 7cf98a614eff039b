package io.github.collapseexecutor.core;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** What the adaptive limit remembers of where its backend queues. */
final class LimitKneeTest {

  @Test
  void withoutAKneeEveryGrowthWaitsTheLeast() {
    LimitKnee knee = new LimitKnee();

    assertThat(knee.knee()).isEqualTo(Integer.MAX_VALUE);
    assertThat(knee.roundsBeforeGrowingTo(16)).isEqualTo(AdaptiveLimitTuning.MIN_GROWTH_WAIT);
  }

  @Test
  void growthBelowTheKneeWaitsTheLeastAndTheKneeItselfLonger() {
    LimitKnee knee = new LimitKnee();
    knee.queuedAt(9);

    assertThat(knee.roundsBeforeGrowingTo(8)).isEqualTo(AdaptiveLimitTuning.MIN_GROWTH_WAIT);
    assertThat(knee.roundsBeforeGrowingTo(9)).isEqualTo(AdaptiveLimitTuning.FIRST_GROWTH_WAIT);
  }

  @Test
  void findingTheSameKneeAgainDoublesTheWaitUpToTheMost() {
    LimitKnee knee = new LimitKnee();
    knee.queuedAt(9);
    knee.queuedAt(9);

    assertThat(knee.roundsBeforeGrowingTo(9)).isEqualTo(2 * AdaptiveLimitTuning.FIRST_GROWTH_WAIT);

    for (int i = 0; i < 10; i++) {
      knee.queuedAt(9);
    }
    assertThat(knee.roundsBeforeGrowingTo(9)).isEqualTo(AdaptiveLimitTuning.MAX_GROWTH_WAIT);
  }

  @Test
  void aTryThatHoldsForgetsTheKneeButNotItsWait() {
    LimitKnee knee = new LimitKnee();
    knee.queuedAt(9);
    knee.queuedAt(9);

    knee.passedAt(9);

    assertThat(knee.knee()).isEqualTo(Integer.MAX_VALUE);
    assertThat(knee.roundsBeforeGrowingTo(9)).isEqualTo(AdaptiveLimitTuning.MIN_GROWTH_WAIT);
    knee.queuedAt(9);
    assertThat(knee.roundsBeforeGrowingTo(9)).isEqualTo(4 * AdaptiveLimitTuning.FIRST_GROWTH_WAIT);
  }

  @Test
  void aNewKneeStartsWithTheFirstWait() {
    LimitKnee knee = new LimitKnee();
    knee.queuedAt(9);
    knee.queuedAt(9);
    knee.queuedAt(3);

    assertThat(knee.knee()).isEqualTo(3);
    assertThat(knee.roundsBeforeGrowingTo(3)).isEqualTo(AdaptiveLimitTuning.FIRST_GROWTH_WAIT);
  }

  /** A level that queued once for a while does not cut short the wait before the usual knee. */
  @Test
  void eachLevelKeepsItsOwnWait() {
    LimitKnee knee = new LimitKnee();
    for (int i = 0; i < 10; i++) {
      knee.queuedAt(9);
    }
    knee.queuedAt(8);
    knee.passedAt(8);

    knee.queuedAt(9);

    assertThat(knee.roundsBeforeGrowingTo(9)).isEqualTo(AdaptiveLimitTuning.MAX_GROWTH_WAIT);
  }

  @Test
  void holdingBelowTheKneeKeepsIt() {
    LimitKnee knee = new LimitKnee();
    knee.queuedAt(4);

    knee.passedAt(3);

    assertThat(knee.knee()).isEqualTo(4);
  }

  @Test
  void queueingAboveTheKneeKeepsTheLowerOne() {
    LimitKnee knee = new LimitKnee();
    knee.queuedAt(4);
    knee.queuedAt(6);

    assertThat(knee.knee()).isEqualTo(4);
  }
}
