package io.github.collapseexecutor.core;

/**
 * What an adaptive {@link BatchLimit} remembers of where the backend starts to queue: the knee,
 * the lowest limit at which latency rose, how sure that is, and how long to hold below it before
 * probing it again.
 *
 * <p>One probe of a round or two proves little on a busy machine, where the jitter between two
 * rounds can be as large as the rise that one batch too many causes. So a knee is forgotten only
 * after more probes passed than failed: each failure makes it surer (up to
 * {@value #MAX_CERTAINTY}) and doubles the wait before the next probe (up to
 * {@value BatchLimit#MAX_GROWTH_WAIT} rounds), each pass makes it less sure and halves the wait.
 * A backend that serves eight calls at once is then probed with a ninth for a round now and then,
 * and a backend that gained capacity is found again after a few probes.
 *
 * <p>Used only by the thread that judges a round, so it needs no synchronisation.
 */
final class LimitKnee {

  /** Failed probes that a knee can hold in store; as many passes in a row forget it. */
  static final int MAX_CERTAINTY = 3;

  /** The knee when none is known: above any limit. */
  private static final int NONE = Integer.MAX_VALUE;

  private int knee = NONE;
  private int certainty;
  private int wait = BatchLimit.MIN_GROWTH_WAIT;

  /** Returns the lowest limit known to queue, or {@link Integer#MAX_VALUE} when none is. */
  int knee() {
    return knee;
  }

  /** Returns the good rounds to wait for before the limit grows to {@code next}. */
  int roundsBeforeGrowingTo(int next) {
    return next >= knee ? wait : BatchLimit.MIN_GROWTH_WAIT;
  }

  /** Records that latency rose at {@code limit}, by a growth to it or on its own. */
  void queuedAt(int limit) {
    if (limit == knee) {
      certainty = Math.min(certainty + 1, MAX_CERTAINTY);
      wait = Math.min(wait * 2, BatchLimit.MAX_GROWTH_WAIT);
    } else if (limit < knee) {
      // a new knee: the backend changed, so what was learnt of the old one no longer holds
      knee = limit;
      certainty = 1;
      wait = 2 * BatchLimit.MIN_GROWTH_WAIT;
    }
  }

  /**
   * Records that a growth to {@code limit} did not raise latency.
   *
   * @return whether the growth may hold: it stayed below the knee, or passed it often enough that
   *     the knee is forgotten
   */
  boolean passedAt(int limit) {
    if (limit < knee) {
      return true;
    }
    if (--certainty > 0) {
      wait = Math.max(wait / 2, BatchLimit.MIN_GROWTH_WAIT);
      return false;
    }
    knee = NONE;
    wait = BatchLimit.MIN_GROWTH_WAIT;
    return true;
  }
}
