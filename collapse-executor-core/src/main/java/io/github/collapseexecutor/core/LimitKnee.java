package io.github.collapseexecutor.core;

import static io.github.collapseexecutor.core.AdaptiveLimitTuning.FIRST_GROWTH_WAIT;
import static io.github.collapseexecutor.core.AdaptiveLimitTuning.MAX_GROWTH_WAIT;
import static io.github.collapseexecutor.core.AdaptiveLimitTuning.MIN_GROWTH_WAIT;

import java.util.Arrays;

/**
 * What an {@link AdaptiveBatchLimit} remembers of where the backend starts to queue: the knee,
 * the lowest level at which latency rose, and for each level how many rounds to hold below it
 * before the limit tries it again.
 *
 * <p>A try costs the calls of the batches that reach the knee while it lasts: they queue in the
 * backend. So each time a level is found to queue again, the wait before its next try doubles, up
 * to {@value AdaptiveLimitTuning#MAX_GROWTH_WAIT} rounds, and a backend that serves eight calls at
 * once sees a ninth only now and then. A try that shows no rise forgets the knee, so a backend that
 * gained capacity is found again; the level's wait stays, for the case that it queues again, and so
 * does every other level's: a knee found lower for a while does not shorten the wait before the old
 * one.
 *
 * <p>Used only by the thread that judges a round, so it needs no synchronisation.
 */
final class LimitKnee {

  /** The knee when none is known: above any level. */
  private static final int NONE = Integer.MAX_VALUE;

  private int knee = NONE;

  /** The rounds to wait before trying each level again, once it queued; grown on demand. */
  private int[] waits = new int[0];

  /** Returns the lowest level known to queue, or {@link Integer#MAX_VALUE} when none is. */
  int knee() {
    return knee;
  }

  /** Returns the good rounds to wait for before the limit grows to {@code next}. */
  int roundsBeforeGrowingTo(int next) {
    return next >= knee ? waitAt(knee) : MIN_GROWTH_WAIT;
  }

  /** Records that latency rose at {@code level}. */
  void queuedAt(int level) {
    if (level >= waits.length) {
      int size = Math.max(level + 1, 2 * waits.length);
      int from = waits.length;
      waits = Arrays.copyOf(waits, size);
      Arrays.fill(waits, from, size, 0);
    }
    waits[level] =
        waits[level] == 0 ? FIRST_GROWTH_WAIT : Math.min(waits[level] * 2, MAX_GROWTH_WAIT);
    knee = Math.min(knee, level);
  }

  /** Records that latency held at {@code level}: a knee at or below it is forgotten. */
  void passedAt(int level) {
    if (level >= knee) {
      knee = NONE;
    }
  }

  private int waitAt(int level) {
    return level < waits.length && waits[level] > 0 ? waits[level] : FIRST_GROWTH_WAIT;
  }
}
