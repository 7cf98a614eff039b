package io.github.collapseexecutor.core;

/**
 * What an adaptive {@link BatchLimit} remembers of where the backend starts to queue: the knee,
 * the lowest level at which latency rose, and how many rounds to hold below it before the limit
 * tries it again.
 *
 * <p>A try costs the calls of the batches that reach the knee while it lasts: they queue in the
 * backend. So each time the same knee is found again, the wait before the next try doubles, up to
 * {@value BatchLimit#MAX_GROWTH_WAIT} rounds, and a backend that serves eight calls at once sees a
 * ninth only now and then. A try that shows no rise forgets the knee, so a backend that gained
 * capacity is found again; the wait stays, for the case that the knee comes back.
 *
 * <p>Used only by the thread that judges a round, so it needs no synchronisation.
 */
final class LimitKnee {

  /** The rounds to wait before the first try of a knee just found. */
  static final int FIRST_WAIT = 8;

  /** The knee when none is known: above any level. */
  private static final int NONE = Integer.MAX_VALUE;

  private int knee = NONE;
  /** The knee found last, kept after a try forgot it, so that finding it again doubles the wait. */
  private int lastFound = NONE;
  private int wait = FIRST_WAIT;

  /** Returns the lowest level known to queue, or {@link Integer#MAX_VALUE} when none is. */
  int knee() {
    return knee;
  }

  /** Returns the good rounds to wait for before the limit grows to {@code next}. */
  int roundsBeforeGrowingTo(int next) {
    return next >= knee ? wait : BatchLimit.MIN_GROWTH_WAIT;
  }

  /** Records that latency rose at {@code level}. */
  void queuedAt(int level) {
    wait = level == lastFound ? Math.min(wait * 2, BatchLimit.MAX_GROWTH_WAIT) : FIRST_WAIT;
    lastFound = level;
    knee = Math.min(knee, level);
  }

  /** Records that latency held at {@code level}: a knee at or below it is forgotten. */
  void passedAt(int level) {
    if (level >= knee) {
      knee = NONE;
    }
  }
}
