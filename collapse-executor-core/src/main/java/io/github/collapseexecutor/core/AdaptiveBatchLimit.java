package io.github.collapseexecutor.core;

import static io.github.collapseexecutor.core.AdaptiveLimitTuning.AFTER_QUEUEING;
import static io.github.collapseexecutor.core.AdaptiveLimitTuning.DECAY;
import static io.github.collapseexecutor.core.AdaptiveLimitTuning.DISTANT_FACTOR;
import static io.github.collapseexecutor.core.AdaptiveLimitTuning.JUDGED_WEIGHT;
import static io.github.collapseexecutor.core.AdaptiveLimitTuning.LARGE_RISE;
import static io.github.collapseexecutor.core.AdaptiveLimitTuning.MEMORY_DRIFT;
import static io.github.collapseexecutor.core.AdaptiveLimitTuning.MIN_RISE_PERCENT;
import static io.github.collapseexecutor.core.AdaptiveLimitTuning.SIGNIFICANCE;
import static io.github.collapseexecutor.core.AdaptiveLimitTuning.TOP_WEIGHT;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import org.jspecify.annotations.Nullable;

/**
 * A batch limit adapted to the queueing the batches cause in the backend, between one and a
 * ceiling.
 *
 * <p>The limit starts at one and learns from the latency of the backend calls, each filed under its
 * <em>level</em>: how many batches were in the backend when it began, itself included. A backend
 * that serves {@code c} calls at once answers a call at level {@code c + 1} only once one of the
 * others ends, so latency at that level rises while the levels below hold; a saturated backend is
 * slower at every level above one. Comparing a level with the two below it, sampled over the same
 * stretch of time ({@link LevelLatencies}), tells that apart from a machine or a backend that slows
 * down for everyone, which moves every level alike. Batches hold their slots for a while outside
 * the backend (a leader waking up, a hand-out), so the levels below the limit are sampled as a
 * matter of course; where they are not, the limit steps down for a round to sample the level below
 * it, and steps back up.
 *
 * <ul>
 *   <li>A level that rose against the levels below it by more than half of what one more batch in
 *       flight adds ({@code 1/(2k - 1)} at level {@code k}, at least
 *       {@value AdaptiveLimitTuning#MIN_RISE_PERCENT}%), by at least
 *       {@value AdaptiveLimitTuning#SIGNIFICANCE} standard errors, is the knee
 *       ({@link LimitKnee}): the limit goes below it at once.
 *   <li>While callers wait for a slot and the top level holds, the limit grows by one. It grows to
 *       a knee only after a wait that doubles with every failed try, so a backend that serves
 *       eight calls at once sees a ninth only now and then.
 *   <li>A top level more than twice as slow as the fastest level remembered shrinks the limit at
 *       once in proportion: calls queue in the backend, as many as the rise says.
 * </ul>
 *
 * <p>Latencies are judged a round at a time ({@value AdaptiveLimitTuning#ROUND} batches). On the
 * hot path a batch costs three atomic adds and a store; a slot refused at the limit, one volatile
 * read. The thread whose batch completes a round judges it, alone: nothing is locked, and the
 * judge allocates only when it pools levels. Its tuning is in {@link AdaptiveLimitTuning}.
 */
final class AdaptiveBatchLimit implements BatchLimit {

  private static final VarHandle IN_BACKEND;
  private static final VarHandle JUDGING;

  static {
    try {
      MethodHandles.Lookup lookup = MethodHandles.lookup();
      IN_BACKEND = lookup.findVarHandle(AdaptiveBatchLimit.class, "inBackend", int.class);
      JUDGING = lookup.findVarHandle(AdaptiveBatchLimit.class, "judging", boolean.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private final int ceiling;
  private volatile int limit = 1;
  private volatile boolean slotRefusedThisRound;

  @SuppressWarnings("UnusedVariable") // read and written through IN_BACKEND
  private volatile int inBackend;

  /** Held by the thread that judges a round; the fields below are used only while held. */
  @SuppressWarnings("UnusedVariable") // read and written through JUDGING
  private volatile boolean judging;

  private final LatencySamples samples = new LatencySamples();

  /** Where a round's samples go: made once, so that judging a round allocates nothing for it. */
  private final LatencySamples.Sink toLevels;

  private final LevelLatencies levels;
  private final LimitKnee knee = new LimitKnee();
  private int goodRounds;

  /** The limit to go back to after a round one below it; 0 when not stepped down. */
  private int steppedDownFrom;

  /** The fastest latency of any level remembered, drifting up slowly; 0 before there is one. */
  private double fastest;

  /** A limit that starts at one and adapts to the backend's queueing, up to {@code ceiling}. */
  AdaptiveBatchLimit(int ceiling) {
    this.ceiling = ceiling;
    this.levels = new LevelLatencies((int) Math.min((long) ceiling + 1, LatencySamples.MAX_LEVEL));
    this.toLevels = levels::add;
  }

  @Override
  public int current() {
    return limit;
  }

  @Override
  public int ceiling() {
    return ceiling;
  }

  @Override
  public void slotRefused() {
    if (!slotRefusedThisRound) {
      slotRefusedThisRound = true;
    }
  }

  @Override
  public int backendCallStarted() {
    return (int) IN_BACKEND.getAndAdd(this, 1) + 1;
  }

  @Override
  public void backendCallEnded(int level, long nanos) {
    IN_BACKEND.getAndAdd(this, -1);
    if (samples.add(level, nanos) && JUDGING.compareAndSet(this, false, true)) {
      try {
        endRound();
      } finally {
        judging = false;
      }
    }
  }

  @Override
  public void backendCallFailed(int level) {
    IN_BACKEND.getAndAdd(this, -1);
  }

  private void endRound() {
    levels.decay(DECAY);
    samples.drain(toLevels);
    boolean wanted = slotRefusedThisRound;
    slotRefusedThisRound = false;
    double lowest = levels.lowestMean(TOP_WEIGHT);
    if (lowest > 0) {
      fastest = fastest == 0 ? lowest : Math.min(lowest, fastest * (1 + MEMORY_DRIFT));
    }
    judge(wanted);
  }

  private void judge(boolean wanted) {
    int queued = lowestQueueingLevel();
    if (queued > 0) {
      knee.queuedAt(queued);
      steppedDownFrom = 0;
      change(Math.min(limit, queued - 1));
      // calls that began at lower levels while that one queued queued behind it: judge those
      // levels afresh, on calls that begin once it is gone
      levels.discountFrom(limit, AFTER_QUEUEING);
      return;
    }
    if (steppedDownFrom > 0) {
      // the level below is sampled now, and the one above did not rise against it: go back
      if (levels.weight(limit) >= TOP_WEIGHT) {
        limit = steppedDownFrom;
        steppedDownFrom = 0;
      }
      return;
    }
    int top = limit;
    if (levels.weight(top) < TOP_WEIGHT) {
      growOnTheLevelBelow(top, wanted);
      return;
    }
    if (top > 1 && fastest > 0 && levels.mean(top) > fastest * (1 + LARGE_RISE)) {
      knee.queuedAt(top);
      change((int) Math.min(top - 1, top * fastest * (1 + tolerance(top)) / levels.mean(top)));
      return;
    }
    if (top > 1) {
      LevelLatencies.Pooled below = levels.below(top, JUDGED_WEIGHT);
      if (below == null) {
        // nothing recent to compare with: sample the level below for a round
        steppedDownFrom = top;
        limit = top - 1;
        return;
      }
      if (above(top, below, 1)) {
        if (top >= knee.knee()) {
          // a try of the knee must show that it holds
          knee.queuedAt(top);
          change(top - 1);
        }
        return;
      }
    }
    if (top >= knee.knee()) {
      knee.passedAt(top);
    }
    if (wanted && top < ceiling && ++goodRounds >= knee.roundsBeforeGrowingTo(top + 1)) {
      change(top + 1);
    }
  }

  /**
   * Grows on the level below the top when batches hold their slots outside the backend so much
   * that all of them are rarely in it at once, provided what the top level has shown so far did
   * not rise by much.
   */
  private void growOnTheLevelBelow(int top, boolean wanted) {
    if (!wanted
        || top <= 2
        || top >= ceiling
        || top >= knee.knee()
        || levels.weight(top - 1) < TOP_WEIGHT
        || levels.weight(top) < 1) {
      return;
    }
    boolean risen =
        above(top - 1, levels.below(top - 1, JUDGED_WEIGHT), 1)
            || above(top, levels.below(top, JUDGED_WEIGHT), 2);
    if (!risen && ++goodRounds >= knee.roundsBeforeGrowingTo(top + 1)) {
      change(top + 1);
    }
  }

  /**
   * Whether the mean at {@code level} is above the mean of {@code below} by more than
   * {@code times} its tolerance; false when there is nothing below to compare with.
   */
  private boolean above(int level, LevelLatencies.@Nullable Pooled below, int times) {
    return below != null && levels.mean(level) > below.mean() * (1 + times * tolerance(level));
  }

  /**
   * Returns the lowest level whose latency rose, or 0 if none did: up to the limit, or up to the
   * limit stepped down from, whose samples are still recent. Levels above are not sampled any
   * more, and what they showed was judged when they were.
   */
  private int lowestQueueingLevel() {
    int highest = Math.min(levels.highest(), Math.max(limit, steppedDownFrom));
    for (int k = 2; k <= highest; k++) {
      if (levels.weight(k) >= JUDGED_WEIGHT
          && rose(k, tolerance(k) * (k < limit - 2 ? DISTANT_FACTOR : 1))) {
        return k;
      }
    }
    return 0;
  }

  /** Whether {@code level} rose against the levels below it by more than {@code tolerance}. */
  private boolean rose(int level, double tolerance) {
    LevelLatencies.Pooled below = levels.below(level, JUDGED_WEIGHT);
    if (below == null) {
      return false;
    }
    double rise = levels.mean(level) - below.mean();
    if (rise <= below.mean() * tolerance) {
      return false;
    }
    double standardError =
        Math.sqrt(
            levels.variance(level) / levels.weight(level) + below.variance() / below.weight());
    return rise > SIGNIFICANCE * standardError;
  }

  /**
   * The rise at {@code level} that costs half of what one more batch in flight adds: at level
   * {@code k}, {@code k} batches in flight instead of {@code k - 1} must not take more than
   * {@code k/(k - 1)} as long, and half of that extra is {@code 1/(2k - 2)}; {@code 1/(2k - 1)}
   * keeps it strictly below, and {@value AdaptiveLimitTuning#MIN_RISE_PERCENT}% above the jitter
   * of a busy machine.
   */
  static double tolerance(int level) {
    return Math.max(MIN_RISE_PERCENT / 100.0, 1.0 / (2 * level - 1));
  }

  private void change(int newLimit) {
    int bounded = Math.max(1, Math.min(ceiling, newLimit));
    if (bounded != limit) {
      limit = bounded;
      goodRounds = 0;
    }
  }
}
