package io.github.collapseexecutor.core;

import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.LockSupport;

/**
 * Runs batches on callers' threads. The engine picks one caller of a started batch to lead it; that
 * caller runs the batch and hands the next batch to a caller of that one, so the blocking flavour
 * needs no thread of its own. A lone call leads its own batch at once.
 */
final class BlockingCaller<I, O> {

  /** Runs a batch on the current thread. */
  @FunctionalInterface
  public interface Runner<I, O> {
    void run(Batch<I, O> batch, BatchEngine.Sink<I, O> sink);
  }

  private final BatchEngine<I, O> engine;
  private final Runner<I, O> runner;
  private final BatchEngine.Sink<I, O> handLead = BlockingCaller::handLead;

  public BlockingCaller(BatchEngine<I, O> engine, Runner<I, O> runner) {
    this.engine = engine;
    this.runner = runner;
  }

  /**
   * Submits an input and waits for its output.
   *
   * @param timeoutNanos how long to wait, or a negative number to wait without limit
   */
  public O execute(I input, long timeoutNanos) {
    Call<I, O> call = engine.newBlockingCall(input);
    long deadline = call.submittedNanos + timeoutNanos;
    engine.submit(call, handLead);
    boolean interrupted = false;
    boolean checked = false;
    try {
      for (;;) {
        int state = call.state();
        if (state == Call.DONE) {
          return outcome(call);
        }
        if (state == Call.LEAD) {
          call.setState(Call.TAKEN);
          runner.run(call.batch, handLead);
          continue;
        }
        if (!checked) {
          // only now, off the path of a call that ran at once: this thread may hold what it waits for
          checked = true;
          IllegalStateException refused = engine.beforeWaiting(call);
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
              throw new CollapseTimeoutException(engine.name() + ": no output for input " + input
                  + " within " + timeoutNanos / 1_000_000 + " ms");
            }
            continue;
          }
          LockSupport.parkNanos(this, remaining);
        }
        if (Thread.interrupted()) {
          interrupted = true;
          if (leave(call, null)) {
            throw new CollapseExecutionException(engine.name()
                + ": interrupted while waiting for the output of input " + input,
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
  private boolean leave(Call<I, O> call, Throwable reason) {
    for (;;) {
      if (engine.leave(call, reason)) {
        // an outcome being written is the caller's: wait the few instructions until it is there
        while (call.state() == Call.COMPLETING) {
          Thread.onSpinWait();
        }
        return !call.isDone();
      }
      // asked to lead: pass the batch on before leaving
      if (call.casState(Call.LEAD, Call.LEFT)) {
        engine.reoffer(call.batch, handLead);
        return true;
      }
    }
  }

  private static <I, O> boolean handLead(Batch<I, O> batch) {
    for (Call<I, O> call : batch.calls) {
      if (call.casState(Call.TAKEN, Call.LEAD)) {
        if (call.waiter != Thread.currentThread()) {
          LockSupport.unpark(call.waiter);
        }
        return true;
      }
    }
    return false;
  }

  /** Returns the output, or throws the failure as the blocking flavours promise. */
  public static <O> O outcome(Call<?, O> call) {
    Throwable failure = call.failure();
    if (failure == null) {
      return call.output();
    }
    throw Failures.rethrow(failure);
  }
}
