package io.github.collapseexecutor.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** The recent latency per level that the adaptive limit compares. */
final class LevelLatenciesTest {

  @Test
  void keepsAMeanAndAVariancePerLevel() {
    LevelLatencies levels = new LevelLatencies(16);
    levels.add(3, 100);
    levels.add(3, 120);
    levels.add(3, 110);

    assertThat(levels.weight(3)).isEqualTo(3);
    assertThat(levels.mean(3)).isCloseTo(110, within(1e-9));
    assertThat(levels.variance(3)).isCloseTo(200.0 / 3, within(1e-9));
    assertThat(levels.highest()).isEqualTo(3);
  }

  @Test
  void agingLowersTheWeightButKeepsTheMean() {
    LevelLatencies levels = new LevelLatencies(16);
    levels.add(2, 100);
    levels.add(2, 100);

    levels.decay(0.5);

    assertThat(levels.weight(2)).isEqualTo(1);
    assertThat(levels.mean(2)).isEqualTo(100);
  }

  @Test
  void discountingLowersTheWeightFromALevelUp() {
    LevelLatencies levels = new LevelLatencies(16);
    addTimes(levels, 3, 100, 8);
    addTimes(levels, 4, 200, 8);

    levels.discountFrom(4, 0.25);

    assertThat(levels.weight(3)).isEqualTo(8);
    assertThat(levels.weight(4)).isEqualTo(2);
    assertThat(levels.mean(4)).isEqualTo(200);
  }

  @Test
  void aStallCountsForNoMoreThanACapOnItsLevelsMean() {
    LevelLatencies levels = new LevelLatencies(16);
    for (int i = 0; i < 4; i++) {
      levels.add(1, 1_000);
    }

    levels.add(1, 50_000);

    assertThat(levels.mean(1))
        .isCloseTo((4 * 1_000 + AdaptiveLimitTuning.SAMPLE_CAP * 1_000) / 5, within(1e-9));
  }

  @Test
  void aLevelIsComparedWithTheTwoBelowItOrElseWithAllBelowIt() {
    LevelLatencies levels = new LevelLatencies(16);
    addTimes(levels, 1, 100, 10);
    addTimes(levels, 4, 300, 10);
    addTimes(levels, 5, 500, 10);

    LevelLatencies.Pooled nearSix = levels.below(6, 8);
    LevelLatencies.Pooled nearFour = levels.below(4, 8);

    assertThat(nearSix.weight()).isEqualTo(20);
    assertThat(nearSix.mean()).isEqualTo(400);
    assertThat(nearSix.variance()).isEqualTo(10_000);
    assertThat(nearFour.mean()).as("levels 2 and 3 were never sampled").isEqualTo(100);
    assertThat(levels.below(2, 11)).isNull();
  }

  @Test
  void levelsAboveTheLastCountAsTheLast() {
    LevelLatencies levels = new LevelLatencies(4);
    levels.add(9, 100);

    assertThat(levels.weight(4)).isEqualTo(1);
    assertThat(levels.weight(9)).isZero();
  }

  @Test
  void theLowestMeanIsAmongLevelsThatWeighEnough() {
    LevelLatencies levels = new LevelLatencies(16);
    addTimes(levels, 1, 50, 2);
    addTimes(levels, 2, 200, 10);
    addTimes(levels, 3, 150, 10);

    assertThat(levels.lowestMean(8)).isEqualTo(150);
    assertThat(levels.lowestMean(100)).isZero();
  }

  private static void addTimes(LevelLatencies levels, int level, long nanos, int times) {
    for (int i = 0; i < times; i++) {
      levels.add(level, nanos);
    }
  }
}
