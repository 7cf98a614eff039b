package io.github.collapseexecutor.core;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * How many batches of one executor may be in flight: a fixed number, or a number adapted to how
 * long the backend takes, between one and a ceiling.
 *
 * <p>The adaptive limit starts at one and learns from the backend calls' latency. Latency that
 * holds near its lowest level while callers wait for a slot says the backend has room: after a
 * few such rounds the limit grows by one. Latency that rises says calls queue in the backend:
 * the limit shrinks at once, in proportion to the rise (by at least one and at most half), so a
 * backend that slows down sees fewer calls, never more. A growth that the next round undoes
 * doubles the wait before the next one, so a backend that is already saturated is probed more and
 * more rarely and keeps the calls of a single slot.
 *
 * <p>Latencies are judged a round at a time ({@value #ROUND} batches), on the round's mean, so one
 * batch delayed by the machine does not move the limit; a sample counts for at most one and a
 * half times the lowest level, so that neither does one stalled for many milliseconds. The lowest level is the lowest round
 * mean seen, drifting towards later rounds so that a backend that became slower for good is
 * learnt anew: quickly with one batch in flight, whose latency is the backend's own, very slowly
 * with more, so that the queueing the limit causes does not become the new normal. The round after a change is skipped: it still holds batches started under the
 * old limit.
 *
 * <p>On the hot path a batch costs one atomic add and a slot refused at the limit one volatile
 * read; nothing is locked or allocated. The thread whose batch completes a round judges it,
 * alone: the others only add their samples, which then count towards the next round.
 */
final class BatchLimit {

  /** Batches judged together. */
  static final int ROUND = 32;
  /** How far above its lowest level the round mean may be before the limit shrinks, in percent. */
  static final int TOLERANCE_PERCENT = 10;
  /** Good rounds in a row before the limit grows; doubled after each growth that was undone. */
  static final int MIN_GROWTH_WAIT = 4;
  /** The most good rounds a growth waits for. */
  static final int MAX_GROWTH_WAIT = 64;
  /**
   * The lowest level moves by 1/2^n of the gap to a higher round mean: quickly with one batch in
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
  private int goodRounds;
  private int growthWait = MIN_GROWTH_WAIT;
  private boolean grown;
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
    int drift = limit == 1 ? ALONE_DRIFT_SHIFT : SHARED_DRIFT_SHIFT;
    lowestMean = mean < lowestMean ? mean : lowestMean + ((mean - lowestMean) >> drift);
    sampleCap = Math.min(lowestMean + lowestMean / 2, MAX_SAMPLE_UNITS);
    long highest = lowestMean + lowestMean * TOLERANCE_PERCENT / 100;
    if (mean > highest) {
      // a growth undone at once was a probe past the backend's capacity: probe more rarely; a
      // shrink for another reason may leave room to grow back sooner
      growthWait = grown
          ? Math.min(growthWait * 2, MAX_GROWTH_WAIT) : Math.max(growthWait / 2, MIN_GROWTH_WAIT);
      grown = false;
      goodRounds = 0;
      int current = limit;
      long inProportion = current * highest / mean;
      change((int) Math.max(1, Math.min(current - 1, Math.max(current / 2, inProportion))));
    } else {
      if (grown) {
        growthWait = MIN_GROWTH_WAIT;
        grown = false;
      }
      if (wanted && ++goodRounds >= growthWait && limit < ceiling) {
        goodRounds = 0;
        grown = true;
        change(limit + 1);
      }
    }
  }

  private void change(int newLimit) {
    if (newLimit != limit) {
      limit = newLimit;
      settling = true;
    }
  }
}
