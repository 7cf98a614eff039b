package io.github.collapseexecutor.core;

/**
 * The tuning of the adaptive batch limit, in one place: how much evidence it wants before it
 * moves, how fast it forgets, and how patiently it tries again a level that queued. The classes
 * of the adaptive limit ({@link AdaptiveBatchLimit}, {@link LatencySamples},
 * {@link LevelLatencies}, {@link LimitKnee}) read these and define no tuning of their own.
 *
 * <p>The values were chosen against the simulated backends of the limit's tests, quiet and noisy
 * machines alike: a backend that serves eight calls at once must be found within a few seconds
 * and tried at nine only rarely, and a machine that slows down for everyone must not look like a
 * backend that queues.
 */
final class AdaptiveLimitTuning {

  private AdaptiveLimitTuning() {}

  // -- rounds and memory

  /** Batches whose latencies are judged together, as one round. */
  static final int ROUND = 32;

  /** Rounds the ring of unjudged samples holds, so that a judge that is late loses nothing. */
  static final int ROUNDS_BUFFERED = 4;

  /** Every round, older samples count for this much of what they did. */
  static final double DECAY = 0.9;

  /** How fast the fastest latency remembered drifts up, per round, to follow a slower backend. */
  static final double MEMORY_DRIFT = 0.01;

  // -- evidence

  /** How much a level's samples must weigh before its rise is judged. */
  static final double JUDGED_WEIGHT = 8;

  /** How much the top level's samples must weigh before the limit grows past it. */
  static final double TOP_WEIGHT = 16;

  /** How many standard errors a rise must span to count. */
  static final double SIGNIFICANCE = 2.5;

  /** The least rise, in percent, that counts at a high level: above a busy machine's jitter. */
  static final int MIN_RISE_PERCENT = 5;

  /**
   * Levels more than two below the limit count as risen only past this many times their
   * tolerance: they are sampled less, and a false knee there would cost much of the limit.
   */
  static final int DISTANT_FACTOR = 3;

  /**
   * A sample counts for at most this many times its level's mean, once the level has a mean: one
   * call delayed by a stall of the machine must not make a level look slower than it is.
   */
  static final double SAMPLE_CAP = 1.5;

  /** Samples a level needs before its mean caps later samples. */
  static final double CAP_FROM_WEIGHT = 4;

  // -- reactions

  /** A top level this much slower than the fastest level remembered has calls queued in front. */
  static final double LARGE_RISE = 1.0;

  /** What the samples at and above the new limit count for once a level above it queued. */
  static final double AFTER_QUEUEING = 0.25;

  /** Good rounds before the limit grows below the knee. */
  static final int MIN_GROWTH_WAIT = 1;

  /** The rounds to wait before the first try of a level found to queue. */
  static final int FIRST_GROWTH_WAIT = 8;

  /** The most good rounds the limit waits before it tries the knee again. */
  static final int MAX_GROWTH_WAIT = 128;
}
