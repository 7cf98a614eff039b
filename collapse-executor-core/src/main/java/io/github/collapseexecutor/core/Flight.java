package io.github.collapseexecutor.core;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.Callable;
import java.util.concurrent.locks.LockSupport;
import org.jspecify.annotations.Nullable;

/**
 * One run of same-key work that concurrent callers share. Completes with the work's result or its
 * failure; a run cut short by its leader's interrupt is marked {@link #markRetry() for retry}, and
 * its waiting callers start a new one instead of sharing it.
 *
 * <p>A caller waits on a {@link CallerFuture} of its own ({@link #newCaller}), or blocks its thread
 * until the run completes ({@link #awaitCompletion}). The flight itself is no future, so that only
 * {@link FlightMap#complete} completes it, and each caller exactly once.
 *
 * <p>Callers join while the run is in flight; once it completes, joining is closed, so a caller
 * never receives a result that was finished before it arrived.
 *
 * <p>Callers' futures are completed in the order the callers joined. Whatever a caller chains to
 * its future runs then, often on the thread that completed the run, so the first to arrive are
 * answered first; under a closed loop this keeps every caller's wait close to one run instead of
 * making the earliest wait for everyone after them, as completing a plain future's dependents
 * (most recent first) would.
 *
 * <p>A caller that leaves while the run is in flight is dropped from the list of callers once
 * enough have left ({@link FlightCallers}), so that a run that takes very long, or never ends,
 * holds on to the callers still waiting for it and not to every caller that ever gave up on it.
 */
final class Flight extends FlightCallers implements CallerFuture.Owner {

  private static final VarHandle COUNTS;
  private static final VarHandle COMPLETING;
  private static final VarHandle ON_ABANDON;

  /** Stands in the abandon hook's place once every caller left, so that a later hook runs. */
  @SuppressWarnings("UnnecessaryLambda") // a marker compared by identity, never run
  private static final Runnable ABANDONED = () -> {};

  static {
    try {
      MethodHandles.Lookup lookup = MethodHandles.lookup();
      COUNTS = lookup.findVarHandle(Flight.class, "counts", long.class);
      COMPLETING = lookup.findVarHandle(Flight.class, "completing", boolean.class);
      ON_ABANDON = lookup.findVarHandle(Flight.class, "onAbandon", Runnable.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  // One word, so that joining, leaving and closing see each other whole: the closed flag, how many
  // callers ever joined (for the report) and how many still wait.
  private static final long CLOSED = 1L << 63;
  private static final long JOINED_ONE = 1L << 32;
  private static final long LIVE_MASK = 0xFFFF_FFFFL;

  private volatile long counts = JOINED_ONE | 1;

  /** When the run started, for the listener's report; zero when nobody listens. */
  private final long startNanos;

  @SuppressWarnings("UnusedVariable") // read and written through ON_ABANDON
  private volatile @Nullable Runnable onAbandon;

  /**
   * The thread inside the work while it runs, read only to refuse that thread joining its own run:
   * every thread sees its own writes, so no other thread can mistake itself for it.
   */
  private @Nullable Thread runner;

  /**
   * The outcome, for callers that arrive after the callers were settled: written before the
   * caller list is marked settled, and read only after it is seen so.
   */
  private @Nullable Object value;

  private @Nullable Throwable failure;

  /** Whether the callers must start a run of their own; written before the run completes. */
  private volatile boolean retry;

  /** Whether one completion claimed this flight; later ones are ignored. */
  private volatile boolean completing;

  Flight(long startNanos) {
    this.startNanos = startNanos;
  }

  long startNanos() {
    return startNanos;
  }

  /**
   * Calls the work on the current thread, marked meanwhile as the thread inside the work of this
   * flight, so that it cannot join its own run; then tells {@code run}, the listener's view of it,
   * that the work returned or threw, on that thread and before the run can end, so that the
   * listener hears of the end last.
   */
  <T> T call(Callable<T> work, @Nullable ListenedRun run) throws Exception {
    runner = Thread.currentThread();
    try {
      return work.call();
    } finally {
      runner = null;
      ListenedRun.workReturned(run);
    }
  }

  /**
   * Marks this run as one its callers must not share: its leader's interrupt cut it short, and the
   * waiting callers start a new run. Call before {@link FlightMap#complete}.
   */
  void markRetry() {
    retry = true;
  }

  /** Whether a caller settled by this flight must start a run of its own. */
  boolean isRetry() {
    return retry;
  }

  /** Whether the current thread is inside the work of this flight. */
  boolean runsOnThisThread() {
    return runner == Thread.currentThread();
  }

  /** Adds a caller; false if the flight is closed and the caller must find or start another. */
  boolean tryJoin() {
    for (; ; ) {
      long c = counts;
      if ((c & CLOSED) != 0) {
        return false;
      }
      if (COUNTS.compareAndSet(this, c, c + JOINED_ONE + 1)) {
        return true;
      }
    }
  }

  /** Returns how many callers joined so far, the first included. */
  int joined() {
    return (int) ((counts & ~CLOSED) >>> 32);
  }

  /**
   * Claims the completion of this flight: true for the first caller only. Work that ends in two
   * ways at once (abandoned by its callers while it completes) completes and is reported once.
   */
  boolean claimCompletion() {
    return !completing && COMPLETING.compareAndSet(this, false, true);
  }

  /** Closes the flight to new callers and returns how many joined it. */
  int close() {
    long c = (long) COUNTS.getAndBitwiseOr(this, CLOSED);
    return (int) ((c & ~CLOSED) >>> 32);
  }

  /** Whether every caller left before the run completed. */
  boolean isAbandoned() {
    long c = counts;
    return (c & CLOSED) != 0 && (c & LIVE_MASK) == 0 && !isCompleted();
  }

  /** Whether the run completed and its callers were settled. */
  boolean isCompleted() {
    return isSettled();
  }

  /**
   * Sets what runs, once, when every caller has left before completion (cancelling the work); at
   * once if every caller left already, since a leader may hand its work over after that. Call
   * once per flight.
   */
  void onAbandon(Runnable onAbandon) {
    if (ON_ABANDON.compareAndExchange(this, null, onAbandon) == ABANDONED) {
      onAbandon.run();
    }
  }

  /** Returns a future for one caller; cancelling it leaves the flight, not cancels it. */
  <T> CallerFuture<T> newCaller() {
    CallerFuture<T> caller = new CallerFuture<>();
    caller.owner(this);
    if (!push(new FlightWaiter.OnFuture(caller))) {
      settleFromOutcome(caller);
    }
    return caller;
  }

  /**
   * Blocks the current thread, a caller that joined, until the run completes, or until
   * {@code deadline} unless {@code timeoutNanos} is negative. A caller whose time runs out or whose
   * thread is interrupted leaves the flight.
   *
   * @return true once the run completed, false if the time ran out first
   * @throws InterruptedException if the thread was interrupted first
   */
  boolean awaitCompletion(long timeoutNanos, long deadline) throws InterruptedException {
    FlightWaiter.OnThread me = null;
    for (; ; ) {
      if (isCompleted()) {
        return true;
      }
      if (me == null) {
        me = new FlightWaiter.OnThread(Thread.currentThread());
        push(me);
        continue;
      }
      if (Thread.interrupted()) {
        leave(me);
        throw new InterruptedException();
      }
      if (timeoutNanos < 0) {
        LockSupport.park(this);
      } else {
        long remaining = deadline - System.nanoTime();
        if (remaining <= 0) {
          leave(me);
          return false;
        }
        LockSupport.parkNanos(this, remaining);
      }
    }
  }

  /**
   * Returns the result of the completed run, or throws its failure as the blocking flavour
   * promises, as the caller's {@code T}: the work returned it.
   */
  // the value is as nullable as T, which only NullAway's JSpecify mode can follow; T is the
  // caller's name for what its work returned, so it appears in no parameter
  @SuppressWarnings({"unchecked", "NullAway", "TypeParameterUnusedInFormals"})
  <T> T outcome() {
    if (failure == null) {
      return (T) value;
    }
    throw Failures.rethrow(failure);
  }

  /** Completes the run, then each caller's future in the order they joined. */
  void finish(@Nullable Object value, @Nullable Throwable failure) {
    this.value = value;
    this.failure = failure;
    settleCallers(value, failure == null ? null : Failures.unwrap(failure));
  }

  /** Settles a caller that arrived after the callers were settled, from the completed run. */
  @SuppressWarnings("unchecked")
  private void settleFromOutcome(CallerFuture<?> caller) {
    ((CallerFuture<Object>) caller)
        .settle(value, failure == null ? null : Failures.unwrap(failure));
  }

  /** A caller completed or cancelled its own future: it no longer waits. */
  @Override
  public void left(@Nullable Throwable failure) {
    leave();
  }

  private void leave(FlightWaiter.OnThread waiting) {
    waiting.markLeft();
    leave();
  }

  private void leave() {
    for (; ; ) {
      long c = counts;
      if ((c & CLOSED) != 0 || (c & LIVE_MASK) == 0) {
        return;
      }
      long next = c - 1;
      boolean last = (next & LIVE_MASK) == 0;
      if (last) {
        next |= CLOSED;
      }
      if (COUNTS.compareAndSet(this, c, next)) {
        if (last) {
          Runnable hook = (Runnable) ON_ABANDON.getAndSet(this, ABANDONED);
          if (hook != null) {
            hook.run();
          }
        } else {
          pruneIfMostlyLeft((int) (next & LIVE_MASK));
        }
        return;
      }
    }
  }
}
