package io.github.collapseexecutor.core;

import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.LockSupport;
import org.jspecify.annotations.Nullable;

/**
 * Runs batches on callers' threads. The engine picks one caller of a started batch to lead it
 * ({@link Batch#askOneToLead}); that caller runs the batch and hands the next batch to a caller of
 * that one, so the blocking flavour needs no thread of its own. A lone call leads its own batch at
 * once.
 */
final class BlockingCaller<I, O> {

  private final BatchEngine<I, O> engine;
  private final BatchRunner<I, O, ?, ?> runner;
  private final BatchDispatcher<I, O> handLead;

  BlockingCaller(BatchRunner<I, O, ?, ?> runner) {
    this.engine = runner.engine();
    this.runner = runner;
    this.handLead = runner.dispatcher();
  }

  /**
   * Submits an input and waits for its output.
   *
   * @param timeoutNanos how long to wait, or a negative number to wait without limit
   */
  O execute(I input, long timeoutNanos) {
    Call<I, O> call = engine.calls().blocking(input);
    long deadline = call.submittedNanos() + timeoutNanos;
    engine.submit(call, handLead);
    boolean interrupted = false;
    boolean checked = false;
    try {
      for (; ; ) {
        int state = call.state();
        if (state == Call.DONE) {
          return call.outcome();
        }
        if (state == Call.LEAD) {
          runner.run(call.takeLead());
          continue;
        }
        if (!checked) {
          // only now, off the path of a call that ran at once: this thread may hold what it waits
          // for
          checked = true;
          IllegalStateException refused = HeldSlots.beforeWaiting(engine, call);
          if (refused != null) {
            throw refused;
          }
          continue;
        }
        if (timeoutNanos < 0) {
          LockSupport.park(this);
        } else {
          long remaining = deadline - System.nanoTime();
          if (remaining <= 0) {
            if (leave(call, new TimeoutException())) {
              throw new CollapseTimeoutException(
                  engine.name()
                      + ": no output for input "
                      + input
                      + " within "
                      + timeoutNanos / 1_000_000
                      + " ms");
            }
            continue;
          }
          LockSupport.parkNanos(this, remaining);
        }
        if (Thread.interrupted()) {
          interrupted = true;
          if (leave(call, null)) {
            throw new CollapseExecutionException(
                engine.name() + ": interrupted while waiting for the output of input " + input,
                new InterruptedException());
          }
        }
      }
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /** Stops waiting for a call; false if its outcome is already there to be taken. */
  private boolean leave(Call<I, O> call, @Nullable Throwable reason) {
    for (; ; ) {
      if (engine.leave(call, reason)) {
        // an outcome being written is the caller's: wait the few instructions until it is there
        while (call.state() == Call.COMPLETING) {
          Thread.onSpinWait();
        }
        return call.state() != Call.DONE;
      }
      // asked to lead: pass the batch on before leaving
      if (call.giveUpLead()) {
        engine.reoffer(call.batch(), handLead);
        return true;
      }
    }
  }
}
