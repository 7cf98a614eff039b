package io.github.collapseexecutor.core;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The latest backend latencies of one executor's batches, each with its level: how many batches
 * were in the backend when it began, itself included. The {@link AdaptiveBatchLimit} reads them a
 * round at a time.
 *
 * <p>Threads that end a backend call add to a ring without locking: one atomic increment claims an
 * entry, one ordered store fills it. An entry carries the low bits of its index, so that the one
 * thread that drains the ring tells a filled entry from one still being written; it stops there
 * and goes on from there next time. Entries not drained before the ring comes round again are
 * lost, which only thins a round.
 */
final class LatencySamples {

  /** The highest level told apart; higher levels count as this one. */
  static final int MAX_LEVEL = 255;

  /** A power of two, as the mask requires. */
  private static final int SIZE = AdaptiveLimitTuning.ROUNDS_BUFFERED * AdaptiveLimitTuning.ROUND;

  private static final int MASK = SIZE - 1;
  private static final int TAG_SHIFT = 48;
  private static final long TAG_MASK = 0xFFFF;
  private static final int LEVEL_SHIFT = 40;

  /** The longest latency kept, about 18 minutes; longer ones count as this. */
  private static final long MAX_NANOS = (1L << LEVEL_SHIFT) - 1;

  private static final VarHandle ADDED;
  private static final VarHandle ENTRIES = MethodHandles.arrayElementVarHandle(long[].class);

  static {
    try {
      ADDED = MethodHandles.lookup().findVarHandle(LatencySamples.class, "added", long.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  /** Takes the samples a drain finds. */
  @FunctionalInterface
  interface Sink {
    void accept(int level, long nanos);
  }

  private final long[] entries = new long[SIZE];
  private volatile long added;

  /** The index of the next sample to drain; used by the draining thread only. */
  private long drained;

  /**
   * Adds the latency of one backend call.
   *
   * @return whether this sample completed a round
   */
  boolean add(int level, long nanos) {
    long index = (long) ADDED.getAndAdd(this, 1L);
    long entry =
        (index & TAG_MASK) << TAG_SHIFT
            | (long) Math.min(Math.max(level, 1), MAX_LEVEL) << LEVEL_SHIFT
            | Math.min(Math.max(nanos, 0L), MAX_NANOS);
    ENTRIES.setRelease(entries, (int) (index & MASK), entry);
    return (index + 1) % AdaptiveLimitTuning.ROUND == 0;
  }

  /** Gives {@code sink} the samples added since the last drain, oldest first; one thread at a time. */
  void drain(Sink sink) {
    long end = added;
    if (end - drained > SIZE) {
      drained = end - SIZE;
    }
    for (; drained < end; drained++) {
      long entry = (long) ENTRIES.getAcquire(entries, (int) (drained & MASK));
      int level = (int) (entry >>> LEVEL_SHIFT) & MAX_LEVEL;
      // a level is never 0 once written: the first lap's empty entries carry tag 0 too
      if ((entry >>> TAG_SHIFT) != (drained & TAG_MASK) || level == 0) {
        return; // claimed but not written yet
      }
      sink.accept(level, entry & MAX_NANOS);
    }
  }
}
