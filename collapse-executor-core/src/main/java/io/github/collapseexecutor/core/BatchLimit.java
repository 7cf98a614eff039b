package io.github.collapseexecutor.core;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * How many batches of one executor may be in flight: a fixed number, or a number adapted to how
 * long the backend takes, between one and a ceiling.
 *
 * <p>The adaptive limit starts at one and learns from the backend calls' latency. While callers
 * wait for a slot and latency holds, it grows by one, and every growth is a probe, judged against
 * the latency just before it: a backend that serves {@code c} calls at once and gets {@code c + 1}
 * makes every batch wait about {@code 1/c} of a call for a slot of its own. A growth that raises
 * latency by more than it adds batches in flight, by half ({@code 1/(2c + 1)}, and at least
 * {@value #PROBE_TOLERANCE_PERCENT}%), brought no throughput: it found the backend's capacity. It
 * is judged on its first round, and if it holds, again once its level is averaged over four, so
 * that a rise hidden in the jitter between two rounds still shows. A growth that fails is undone
 * at once and its limit remembered as the knee ({@link LimitKnee}): the limit grows up to just
 * below it quickly, but probes the knee itself more and more rarely, so a backend that serves
 * eight calls sees nine only for a round now and then, and a saturated one keeps the calls of a
 * single slot. Probes that pass forget the knee, so a backend that gained capacity is found again.
 *
 * <p>Latency that rises on its own says calls queue in the backend: a level more than
 * {@value #TOLERANCE_PERCENT}% above the lowest level shrinks the limit at once, in proportion to
 * the rise (by at least one and at most half), so a backend that slows down sees fewer calls,
 * never more; the limit it shrank from becomes a knee.
 *
 * <p>Latencies are judged a round at a time ({@value #ROUND} batches), on the round's mean, so one
 * batch delayed by the machine does not move the limit; a sample counts for at most one and a
 * half times the lowest level, so that neither does one stalled for many milliseconds. The level
 * at a limit is the mean of its last four rounds. The lowest level is the lowest level seen,
 * drifting towards later levels so that a backend that became slower for good is learnt anew:
 * quickly with one batch in flight, whose latency is the backend's own, very slowly with more, so
 * that the queueing the limit causes does not become the new normal. The round after a change is
 * skipped: it still holds batches started under the old limit.
 *
 * <p>On the hot path a batch costs one atomic add and a slot refused at the limit one volatile
 * read; nothing is locked or allocated. The thread whose batch completes a round judges it,
 * alone: the others only add their samples, which then count towards the next round.
 */
final class BatchLimit {

  /** Batches judged together. */
  static final int ROUND = 32;
  /** How far above the lowest level the level may be before the limit shrinks, in percent. */
  static final int TOLERANCE_PERCENT = 10;
  /**
   * The least rise, in percent, that undoes a growth, however many batches are in flight: below
   * the {@code 1/c} that one batch too many costs in front of a backend that serves up to
   * {@code c = 16} calls at once (the default ceiling), above the jitter between two rounds of a
   * backend with room.
   */
  static final int PROBE_TOLERANCE_PERCENT = 5;
  /** Good rounds in a row before the limit grows below the knee; also the rounds of a level. */
  static final int MIN_GROWTH_WAIT = 4;
  /** The most good rounds a probe of the knee waits for; the wait doubles after each that failed. */
  static final int MAX_GROWTH_WAIT = 64;
  /** Rounds whose mean the latency at one limit is averaged over, the latest weighing most. */
  private static final int LEVEL_ROUNDS = MIN_GROWTH_WAIT;
  /**
   * The lowest level moves by 1/2^n of the gap to a higher level: quickly with one batch in
   * flight, whose latency is the backend's own, slowly with more, whose latency may be our doing.
   */
  private static final int ALONE_DRIFT_SHIFT = 5;
  private static final int SHARED_DRIFT_SHIFT = 10;

  /** The round in progress: a count in the low bits, a sum of latencies above them. */
  private static final int COUNT_BITS = 16;
  private static final long COUNT_MASK = (1L << COUNT_BITS) - 1;
  /** Latencies are summed in units of 64 ns, so that 2^16 samples of over 2 minutes each fit. */
  private static final int UNIT_SHIFT = 6;
  private static final long MAX_SAMPLE_UNITS = (1L << (63 - COUNT_BITS - COUNT_BITS)) - 1;

  private static final VarHandle ROUND_STATE;
  private static final VarHandle JUDGING;

  static {
    try {
      MethodHandles.Lookup lookup = MethodHandles.lookup();
      ROUND_STATE = lookup.findVarHandle(BatchLimit.class, "round", long.class);
      JUDGING = lookup.findVarHandle(BatchLimit.class, "judging", boolean.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private final int ceiling;
  private final boolean adaptive;
  private volatile int limit;
  /** Whether a slot was refused at the limit during the round in progress. */
  private volatile boolean reached;
  private volatile long round;
  /** The most one sample counts for, in units: 1.5 times the lowest level once there is one. */
  private volatile long sampleCap = MAX_SAMPLE_UNITS;
  /** Held by the thread that judges a round; the fields below are written only while held. */
  private volatile boolean judging;

  private long lowestMean = Long.MAX_VALUE;
  /** The mean latency at the current limit, over its judged rounds; see {@link #LEVEL_ROUNDS}. */
  private long levelMean;
  private int levelRounds;
  /** Whether the next judged round judges a growth, against the level before it. */
  private boolean probing;
  /** Whether the level after a growth is yet to be judged against the level before it. */
  private boolean confirming;
  /** The level before the growth being judged. */
  private long probeReference;
  private final LimitKnee knee = new LimitKnee();
  private int goodRounds;
  private boolean settling;

  private BatchLimit(int ceiling, boolean adaptive) {
    this.ceiling = ceiling;
    this.adaptive = adaptive && ceiling > 1;
    this.limit = this.adaptive ? 1 : ceiling;
  }

  /** A limit that is always {@code limit}. */
  static BatchLimit fixed(int limit) {
    return new BatchLimit(limit, /* adaptive= */ false);
  }

  /** A limit that starts at one and adapts to the latency of the batches, up to {@code ceiling}. */
  static BatchLimit adaptive(int ceiling) {
    return new BatchLimit(ceiling, /* adaptive= */ true);
  }

  /** Returns how many batches may be in flight now. */
  int current() {
    return limit;
  }

  /** Returns the most batches this limit ever allows. */
  int ceiling() {
    return ceiling;
  }

  /** Records that a batch could not start because the limit was reached. */
  void reached() {
    if (adaptive && !reached) {
      reached = true;
    }
  }

  /** Records that the backend call of a batch took {@code nanos}. */
  void executed(long nanos) {
    if (!adaptive) {
      return;
    }
    long units = Math.min(Math.max(nanos, 0L) >>> UNIT_SHIFT, sampleCap);
    long before = (long) ROUND_STATE.getAndAdd(this, (units << COUNT_BITS) + 1);
    if ((before & COUNT_MASK) + 1 >= ROUND && JUDGING.compareAndSet(this, false, true)) {
      try {
        endRound();
      } finally {
        judging = false;
      }
    }
  }

  /** Returns how many latencies the round in progress holds; for tests. */
  int samplesInRound() {
    return (int) (round & COUNT_MASK);
  }

  /** Returns the sum of the latencies the round in progress holds, to 64 ns; for tests. */
  long nanosInRound() {
    return (round >>> COUNT_BITS) << UNIT_SHIFT;
  }

  private void endRound() {
    // read again: a judge that just finished may have taken the samples this thread counted
    long taken = round;
    long count = taken & COUNT_MASK;
    if (count < ROUND) {
      return;
    }
    ROUND_STATE.getAndAdd(this, -taken);
    boolean wanted = reached;
    reached = false;
    judge((taken >>> COUNT_BITS) / count, wanted);
  }

  private void judge(long mean, boolean wanted) {
    if (settling) {
      settling = false;
      return;
    }
    if (probing && !probeHeld(mean)) {
      return;
    }
    levelRounds = Math.min(levelRounds + 1, LEVEL_ROUNDS);
    levelMean += (mean - levelMean) / levelRounds;
    if (confirming && levelRounds == LEVEL_ROUNDS && !growthConfirmed()) {
      return;
    }
    int drift = limit == 1 ? ALONE_DRIFT_SHIFT : SHARED_DRIFT_SHIFT;
    lowestMean = levelMean < lowestMean
        ? levelMean : lowestMean + ((levelMean - lowestMean) >> drift);
    sampleCap = Math.min(lowestMean + lowestMean / 2, MAX_SAMPLE_UNITS);
    long highest = lowestMean + lowestMean * TOLERANCE_PERCENT / 100;
    if (levelMean > highest && limit > 1) {
      // shrink in proportion to the latest round, which a backend that lost capacity moves most
      int current = limit;
      knee.queuedAt(current);
      long inProportion = current * highest / Math.max(mean, levelMean);
      change((int) Math.max(1, Math.min(current - 1, Math.max(current / 2, inProportion))));
      return;
    }
    if (wanted && limit < ceiling && ++goodRounds >= knee.roundsBeforeGrowingTo(limit + 1)) {
      probing = true;
      probeReference = levelMean;
      change(limit + 1);
    }
  }

  /**
   * Judges the round after a growth against the level before it: a growth that did not bring at
   * least half the throughput of one more batch in flight found the knee, and is undone; so is one
   * that reached a knee still believed in. A growth that holds is judged again once its level is
   * averaged over as many rounds as the level before it ({@link #growthConfirmed}).
   *
   * @return whether the growth holds
   */
  private boolean probeHeld(long mean) {
    probing = false;
    int probed = limit;
    boolean rose = rose(mean);
    if (rose) {
      knee.queuedAt(probed);
    }
    if (rose || !knee.passedAt(probed)) {
      change(probed - 1);
      return false;
    }
    confirming = true;
    return true;
  }

  /**
   * Judges a growth again on its level: a rise smaller than the jitter between two rounds may
   * still show between two averages of four.
   *
   * @return whether the growth holds
   */
  private boolean growthConfirmed() {
    confirming = false;
    if (!rose(levelMean)) {
      return true;
    }
    knee.queuedAt(limit);
    change(limit - 1);
    return false;
  }

  /** Whether latency at the current limit rose past what one more batch in flight may cost. */
  private boolean rose(long latency) {
    int before = limit - 1;
    // (before + 1) / latency >= (before / reference) * (1 + 1 / (2 * before)), rearranged
    long tolerancePercent = Math.max(PROBE_TOLERANCE_PERCENT, 100 / (2 * before + 1));
    return latency > probeReference + probeReference * tolerancePercent / 100;
  }

  private void change(int newLimit) {
    if (newLimit != limit) {
      limit = newLimit;
      settling = true;
      confirming = false;
      levelRounds = 0;
      goodRounds = 0;
    }
  }
}
