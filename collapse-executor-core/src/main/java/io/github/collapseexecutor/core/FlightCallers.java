package io.github.collapseexecutor.core;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import org.jspecify.annotations.Nullable;

/**
 * The callers of one {@link Flight}, most recent first, until the run completes: a list that
 * callers join by swapping its head, that the completion takes whole and settles oldest first,
 * and that drops the callers who left once they are many. A flight is its own caller list, so
 * that it costs one object.
 *
 * <p>A caller that leaves while the run is in flight stays listed until a pruning drops it, so
 * that leaving takes no lock; the pruning runs once enough have left, and the list then holds
 * the callers still waiting and not every caller that ever gave up on a run that takes long.
 */
abstract class FlightCallers {

  private static final VarHandle CALLERS;
  private static final VarHandle PRUNE;

  /**
   * Fewest callers that must have left since the list was last pruned before it is pruned again;
   * beyond that, it is pruned once they outnumber the callers still waiting, so that each pruning
   * walks a list at least half of which it drops.
   */
  static final int PRUNE_AFTER_LEFT = 32;

  /** Marks the caller list of a completed flight: later callers are settled at once. */
  private static final FlightWaiter SETTLED =
      new FlightWaiter() {
        @Override
        boolean hasLeft() {
          return false;
        }

        @Override
        void settle(@Nullable Object value, @Nullable Throwable failure) {}
      };

  static {
    try {
      MethodHandles.Lookup lookup = MethodHandles.lookup();
      CALLERS = lookup.findVarHandle(FlightCallers.class, "callers", FlightWaiter.class);
      PRUNE = lookup.findVarHandle(FlightCallers.class, "prune", int.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  // One word, so that pruning costs a flight one int: whether a thread is pruning the caller list,
  // and how many callers left since it was last pruned.
  private static final int PRUNING = 1 << 31;
  private static final int LEFT_MASK = ~PRUNING;

  /** The callers, most recent first, until the flight completes. */
  private volatile @Nullable FlightWaiter callers;

  private volatile int prune;

  /** Whether the callers were settled: the run completed. */
  final boolean isSettled() {
    return callers == SETTLED;
  }

  /** Adds a caller to the list; false if the callers were settled already. */
  final boolean push(FlightWaiter waiting) {
    for (; ; ) {
      FlightWaiter head = callers;
      if (head == SETTLED) {
        return false;
      }
      waiting.next = head;
      if (CALLERS.compareAndSet(this, head, waiting)) {
        return true;
      }
    }
  }

  /** Settles every caller listed, oldest first, and marks the list settled; once only. */
  @SuppressWarnings("ThreadPriorityCheck") // yields to a pruning thread, as said below
  final void settleCallers(@Nullable Object value, @Nullable Throwable failure) {
    FlightWaiter head = (FlightWaiter) CALLERS.getAndSet(this, SETTLED);
    if (head == SETTLED) {
      return;
    }
    // a pruning that began before the list was taken may still relink it; reversing it below
    // relinks it too. No pruning begins from now on: it would find the list settled. The pruning
    // thread may be off the CPU, so give it the CPU rather than spin.
    while ((prune & PRUNING) != 0) {
      Thread.yield();
    }
    FlightWaiter oldestFirst = null;
    for (FlightWaiter w = head; w != null; ) {
      FlightWaiter next = w.next;
      w.next = oldestFirst;
      oldestFirst = w;
      w = next;
    }
    for (FlightWaiter w = oldestFirst; w != null; w = w.next) {
      w.settle(value, failure);
    }
  }

  /**
   * Drops the callers that left from the list when they are many and outnumber those still
   * waiting ({@code live}), unless another thread is pruning it.
   */
  final void pruneIfMostlyLeft(int live) {
    int p = (int) PRUNE.getAndAdd(this, 1) + 1;
    int leftSincePruned = p & LEFT_MASK;
    if ((p & PRUNING) != 0
        || leftSincePruned < PRUNE_AFTER_LEFT
        || leftSincePruned <= live
        || !PRUNE.compareAndSet(this, p, PRUNING)) {
      return;
    }
    // callers that leave from here on are counted for the next pruning
    try {
      FlightWaiter head = callers;
      if (head == SETTLED || head == null) {
        return;
      }
      // The head stays even if its caller left: callers join by swapping it, and may be doing so
      // now. Below it only this thread writes links, each of which skips callers that left and
      // cannot come back, so every caller still waiting stays reachable from the head.
      FlightWaiter kept = head;
      for (FlightWaiter w = head.next; w != null; w = w.next) {
        if (w.hasLeft()) {
          kept.next = w.next;
        } else {
          kept = w;
        }
      }
    } finally {
      PRUNE.getAndBitwiseAnd(this, LEFT_MASK);
    }
  }
}
