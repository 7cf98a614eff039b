package io.github.collapseexecutor.core.internal;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.CompletableFuture;

/**
 * One run of same-key work that concurrent callers share. Completes with the work's result, with
 * its failure, or with {@link #RETRY} when the run was cut short by its leader's interrupt and the
 * waiting callers should start a new one instead.
 *
 * <p>Callers join while the run is in flight; once it completes, joining is closed, so a caller
 * never receives a result that was finished before it arrived.
 */
public final class Flight extends CompletableFuture<Object> {

  /** The result of a run that its callers must not share; they start another run. */
  public static final Object RETRY = new Object();

  private static final VarHandle COUNTS;

  static {
    try {
      COUNTS = MethodHandles.lookup().findVarHandle(Flight.class, "counts", long.class);
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
  final long startNanos;
  private volatile Runnable onAbandon;

  Flight(long startNanos) {
    this.startNanos = startNanos;
  }

  /** Adds a caller; false if the flight is closed and the caller must find or start another. */
  boolean tryJoin() {
    for (;;) {
      long c = counts;
      if ((c & CLOSED) != 0) {
        return false;
      }
      if (COUNTS.compareAndSet(this, c, c + JOINED_ONE + 1)) {
        return true;
      }
    }
  }

  /** Closes the flight to new callers and returns how many joined it. */
  int close() {
    long c = (long) COUNTS.getAndBitwiseOr(this, CLOSED);
    return (int) ((c & ~CLOSED) >>> 32);
  }

  /** Whether every caller left before the run completed. */
  public boolean isAbandoned() {
    long c = counts;
    return (c & CLOSED) != 0 && (c & LIVE_MASK) == 0 && !isDone();
  }

  /** Sets what runs when every caller has left before completion (cancelling the work). */
  public void onAbandon(Runnable onAbandon) {
    this.onAbandon = onAbandon;
  }

  /** Returns a future for one caller; cancelling it leaves the flight, not cancels it. */
  @SuppressWarnings("unchecked")
  public <T> CallerFuture<T> newCaller() {
    CallerFuture<T> caller = new CallerFuture<>();
    caller.onLeave(failure -> leave());
    whenComplete((value, failure) ->
        caller.settle((T) value, failure == null ? null : Failures.unwrap(failure)));
    return caller;
  }

  private void leave() {
    for (;;) {
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
          Runnable hook = onAbandon;
          if (hook != null) {
            hook.run();
          }
        }
        return;
      }
    }
  }

}
