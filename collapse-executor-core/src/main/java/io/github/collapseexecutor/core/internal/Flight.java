package io.github.collapseexecutor.core.internal;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;

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

  private static final AtomicIntegerFieldUpdater<Flight> LIVE =
      AtomicIntegerFieldUpdater.newUpdater(Flight.class, "live");
  private static final AtomicIntegerFieldUpdater<Flight> JOINED =
      AtomicIntegerFieldUpdater.newUpdater(Flight.class, "joined");

  /** Callers still waiting; -1 once the flight is closed to new callers. */
  private volatile int live = 1;
  private volatile int joined = 1;
  final long startNanos = System.nanoTime();
  private volatile Runnable onAbandon;

  /** Adds a caller; false if the flight is closed and the caller must find or start another. */
  boolean tryJoin() {
    for (;;) {
      int n = live;
      if (n < 0) {
        return false;
      }
      if (LIVE.compareAndSet(this, n, n + 1)) {
        JOINED.incrementAndGet(this);
        return true;
      }
    }
  }

  /** Closes the flight to new callers and returns how many joined it. */
  int close() {
    live = -1;
    return joined;
  }

  /** Whether every caller left before the run completed. */
  public boolean isAbandoned() {
    return live < 0 && !isDone();
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
      int n = live;
      if (n <= 0) {
        return;
      }
      if (LIVE.compareAndSet(this, n, n == 1 ? -1 : n - 1)) {
        if (n == 1) {
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
