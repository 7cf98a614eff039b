package io.github.collapseexecutor.core;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Objects;
import java.util.concurrent.locks.LockSupport;

/**
 * One submitted input and its outcome. The same object is the {@link io.github.collapseexecutor.core.Input}
 * handed to {@code doExecute} and the {@link Bundle} handed to {@code bindingOutput}, so a call costs
 * one allocation (plus its future in the future-returning flavours).
 *
 * <p>State moves only forward, except that a caller's leader hand-off ({@link #LEAD}) returns to
 * {@link #TAKEN} once its thread picks the batch up, and an interrupted batch puts its calls back to
 * {@link #QUEUED}:
 *
 * <pre>
 * QUEUED --take--> TAKEN --bind--> COMPLETING --> DONE
 *   |                |  \--bind future--> BOUND --settle--> COMPLETING --> DONE
 *   |                \--hand lead--> LEAD --picked up--> TAKEN
 *   \--caller leaves (under the engine lock)--> LEFT      TAKEN/BOUND --caller leaves--> LEFT
 * </pre>
 */
final class Call<I, O> implements Bundle<I, O>, CallerFuture.Owner {

  static final int QUEUED = 0;
  static final int TAKEN = 1;
  static final int LEAD = 2;
  static final int BOUND = 3;
  static final int COMPLETING = 4;
  static final int DONE = 5;
  static final int LEFT = 6;

  private static final VarHandle STATE;

  static {
    try {
      STATE = MethodHandles.lookup().findVarHandle(Call.class, "state", int.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private final I value;
  final Object groupKey;
  final long submittedNanos;
  /** The blocked caller to wake, for the blocking flavours; {@code null} otherwise. */
  final Thread waiter;
  /** The caller's future, for the future-returning flavours; {@code null} otherwise. */
  final CallerFuture<O> future;
  final String executorName;
  /** The engine to tell when the caller leaves or blocks on its future; {@code null} for blocking. */
  private final BatchEngine<I, O> engine;

  private volatile int state;
  private O output;
  private Throwable failure;
  /** The group this call queued in; guarded by the engine lock. */
  BatchEngine.Group<I, O> group;
  /** The batch this call belongs to once taken; read by a caller asked to lead it. */
  volatile Batch<I, O> batch;

  Call(I value, Object groupKey, long submittedNanos, Thread waiter, CallerFuture<O> future,
      String executorName, BatchEngine<I, O> engine) {
    this.value = value;
    this.groupKey = groupKey;
    this.submittedNanos = submittedNanos;
    this.waiter = waiter;
    this.future = future;
    this.executorName = executorName;
    this.engine = engine;
  }

  /** Creates a call whose caller blocks on the current thread. */
  public static <I, O> Call<I, O> blocking(I value, Object groupKey, long nanos, String name) {
    return new Call<>(value, groupKey, nanos, Thread.currentThread(), null, name, null);
  }

  /** Creates a call whose caller waits on a future; the future learns when its caller leaves. */
  public static <I, O> Call<I, O> withFuture(
      I value, Object groupKey, long nanos, String name, BatchEngine<I, O> engine) {
    CallerFuture<O> future = new CallerFuture<>();
    Call<I, O> call = new Call<>(value, groupKey, nanos, null, future, name, engine);
    future.owner(call);
    return call;
  }

  @Override
  public void left(Throwable failure) {
    engine.leave(this, failure);
  }

  @Override
  public void beforeBlocking() {
    IllegalStateException refused = engine.beforeWaiting(this);
    if (refused != null) {
      future.settle(null, refused);
    }
  }

  @Override
  public I value() {
    return value;
  }

  /** Returns the future the caller waits on, for the future-returning flavours. */
  public CallerFuture<O> future() {
    return future;
  }

  int state() {
    return state;
  }

  boolean casState(int expected, int next) {
    return STATE.compareAndSet(this, expected, next);
  }

  void setState(int next) {
    state = next;
  }

  boolean isDone() {
    return state == DONE;
  }

  /** Whether nobody settled this call yet although it is in a running batch. */
  boolean isUnsettled() {
    int s = state;
    return s == TAKEN || s == LEAD;
  }

  O output() {
    return output;
  }

  Throwable failure() {
    return failure;
  }

  @Override
  public void bindOutput(O output) {
    if (!settle(output, null)) {
      throw new IllegalStateException(
          executorName + ": an output was already bound for input " + value);
    }
  }

  @Override
  public void fail(Throwable failure) {
    Objects.requireNonNull(failure, "failure");
    if (!settle(null, failure)) {
      throw new IllegalStateException(
          executorName + ": an output was already bound for input " + value);
    }
  }

  /** Marks this call as waiting for a future the batch bound; false if it was settled before. */
  boolean markBound() {
    for (;;) {
      int s = state;
      if (s == TAKEN && casState(TAKEN, BOUND)) {
        return true;
      }
      if (s == LEFT) {
        return true;
      }
      if (s != TAKEN) {
        return false;
      }
    }
  }

  /**
   * Settles this call with an output or a failure and wakes its caller.
   *
   * @return false if it was settled before; true if it is settled now or its caller has left
   */
  boolean settle(O output, Throwable failure) {
    for (;;) {
      int s = state;
      if (s == LEFT) {
        return true;
      }
      if (s != TAKEN && s != BOUND) {
        return false;
      }
      if (casState(s, COMPLETING)) {
        this.output = output;
        this.failure = failure;
        state = DONE;
        if (future != null) {
          future.settle(output, failure);
        } else if (waiter != Thread.currentThread()) {
          LockSupport.unpark(waiter);
        }
        return true;
      }
    }
  }

  @Override
  public String toString() {
    return "Call{" + value + ", state=" + state + "}";
  }
}
