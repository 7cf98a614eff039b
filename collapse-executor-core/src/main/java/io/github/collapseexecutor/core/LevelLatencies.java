package io.github.collapseexecutor.core;

import static io.github.collapseexecutor.core.AdaptiveLimitTuning.CAP_FROM_WEIGHT;
import static io.github.collapseexecutor.core.AdaptiveLimitTuning.SAMPLE_CAP;

import org.jspecify.annotations.Nullable;

/**
 * The recent backend latency of one executor's batches at each level (how many batches were in the
 * backend when a batch began, itself included): a mean and a variance per level, in which older
 * samples count for less every round.
 *
 * <p>Every level's samples age at the same pace, so levels sampled side by side describe the same
 * stretch of time: a machine or a backend that slows down for everyone moves all of them, and
 * what sets one level apart from the levels below it is the queueing that one more batch in
 * flight causes. A level's mean outlives its weight: once no batch reaches a level any more, its
 * weight fades, but its mean stays as the last thing known of it.
 *
 * <p>Used only by the thread that judges a round, so it needs no synchronisation.
 */
final class LevelLatencies {

  /** Levels pooled: their weight, mean and variance together. */
  record Pooled(double weight, double mean, double variance) {}

  private final double[] weight;
  private final double[] mean;

  /** The sum of squared deviations from the mean, weighted as the samples are. */
  private final double[] squares;

  private int highest;

  /** Keeps levels 1 to {@code maxLevel}; higher levels count as {@code maxLevel}. */
  LevelLatencies(int maxLevel) {
    weight = new double[maxLevel + 1];
    mean = new double[maxLevel + 1];
    squares = new double[maxLevel + 1];
  }

  /** Ages every sample: each counts for {@code factor} of what it counted for before. */
  void decay(double factor) {
    for (int k = 1; k <= highest; k++) {
      weight[k] *= factor;
      squares[k] *= factor;
    }
  }

  /** Makes the samples at {@code level} and above count for {@code factor} of what they did. */
  void discountFrom(int level, double factor) {
    for (int k = Math.max(level, 1); k <= highest; k++) {
      weight[k] *= factor;
      squares[k] *= factor;
    }
  }

  /** Adds the latency of a batch that began at {@code level}. */
  void add(int level, long nanos) {
    int k = Math.min(level, weight.length - 1);
    double x =
        weight[k] >= CAP_FROM_WEIGHT ? Math.min((double) nanos, SAMPLE_CAP * mean[k]) : nanos;
    weight[k] += 1;
    double deviation = x - mean[k];
    mean[k] += deviation / weight[k];
    squares[k] += deviation * (x - mean[k]);
    highest = Math.max(highest, k);
  }

  /** Returns the highest level sampled so far. */
  int highest() {
    return highest;
  }

  /** Returns how much the samples of {@code level} count for: their number, aged. */
  double weight(int level) {
    return level < weight.length ? weight[level] : 0;
  }

  /** Returns the mean latency at {@code level}, in nanoseconds; 0 if it was never sampled. */
  double mean(int level) {
    return level < mean.length ? mean[level] : 0;
  }

  /** Returns the variance of the latency at {@code level}. */
  double variance(int level) {
    return weight[level] > 0 ? squares[level] / weight[level] : 0;
  }

  /**
   * Returns what {@code level} is compared with: the two levels below it pooled, or, if they weigh
   * less than {@code least}, all levels below it; null if those weigh less than {@code least} too.
   */
  @Nullable Pooled below(int level, double least) {
    Pooled near = pool(Math.max(1, level - 2), level - 1);
    if (near != null && near.weight() >= least) {
      return near;
    }
    Pooled all = pool(1, level - 1);
    return all != null && all.weight() >= least ? all : null;
  }

  /** Returns the lowest mean of the levels weighing at least {@code least}, or 0 if none does. */
  double lowestMean(double least) {
    double lowest = 0;
    for (int k = 1; k <= highest; k++) {
      if (weight[k] >= least && (lowest == 0 || mean[k] < lowest)) {
        lowest = mean[k];
      }
    }
    return lowest;
  }

  private @Nullable Pooled pool(int from, int to) {
    double pooledWeight = 0;
    double sum = 0;
    for (int k = from; k <= to; k++) {
      pooledWeight += weight[k];
      sum += weight[k] * mean[k];
    }
    if (pooledWeight <= 0) {
      return null;
    }
    double pooledMean = sum / pooledWeight;
    double pooledSquares = 0;
    for (int k = from; k <= to; k++) {
      double offset = mean[k] - pooledMean;
      pooledSquares += squares[k] + weight[k] * offset * offset;
    }
    return new Pooled(pooledWeight, pooledMean, pooledSquares / pooledWeight);
  }
}
