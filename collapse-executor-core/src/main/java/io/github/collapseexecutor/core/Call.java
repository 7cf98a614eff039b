package io.github.collapseexecutor.core;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Objects;
import java.util.concurrent.locks.LockSupport;
import org.jspecify.annotations.Nullable;

/**
 * One submitted input and its outcome. The same object is the {@link Input} handed to
 * {@code doExecute} and the {@link Bundle} handed to {@code bindingOutput}, so a call costs one
 * allocation (plus its future in the future-returning flavours).
 *
 * <p>Every change of state is one of the named methods below; nothing else writes the state.
 * State moves only forward, except that a caller's leader hand-off ({@link #LEAD}) returns to
 * {@link #TAKEN} once its thread picks the batch up, and an interrupted batch puts its calls back to
 * {@link #QUEUED}:
 *
 * <pre>
 * QUEUED --take--> TAKEN --settle--> COMPLETING --> DONE
 *   |                |  \--markBound--> BOUND --settle--> COMPLETING --> DONE
 *   |                \--askToLead--> LEAD --takeLead--> TAKEN
 *   |                 \--requeue--> QUEUED       LEAD --giveUpLead--> LEFT
 *   \--leaveQueue (under the engine lock)--> LEFT     TAKEN/BOUND --leaveBatch--> LEFT
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
  private final @Nullable Object groupKey;
  private final long submittedNanos;

  /** The blocked caller to wake, for the blocking flavours; {@code null} otherwise. */
  private final @Nullable Thread waiter;

  /** The caller's future, for the future-returning flavours; {@code null} otherwise. */
  private final @Nullable CallerFuture<O> future;

  private final String executorName;

  /** The engine to tell when the caller leaves or blocks on its future; {@code null} for blocking. */
  private final @Nullable BatchEngine<I, O> engine;

  private volatile int state;
  private @Nullable O output;
  private @Nullable Throwable failure;

  /** The group this call queued in; guarded by the engine lock. */
  private @Nullable BatchGroup<I, O> group;

  /**
   * The batch this call belongs to once taken; read by a caller asked to lead it, after it read
   * the state that the taking thread released.
   */
  private @Nullable Batch<I, O> batch;

  Call(
      I value,
      @Nullable Object groupKey,
      long submittedNanos,
      @Nullable Thread waiter,
      @Nullable CallerFuture<O> future,
      String executorName,
      @Nullable BatchEngine<I, O> engine) {
    this.value = value;
    this.groupKey = groupKey;
    this.submittedNanos = submittedNanos;
    this.waiter = waiter;
    this.future = future;
    this.executorName = executorName;
    this.engine = engine;
  }

  @Override
  public void left(@Nullable Throwable failure) {
    engineOfFuture().leave(this, failure);
  }

  @Override
  public void beforeBlocking() {
    IllegalStateException refused = HeldSlots.beforeWaiting(engineOfFuture(), this);
    if (refused != null) {
      future().settle(null, refused);
    }
  }

  /** The engine, which a call of the future-returning flavours has, and only it owns a future. */
  private BatchEngine<I, O> engineOfFuture() {
    return Objects.requireNonNull(engine, "engine of a call with a future");
  }

  @Override
  public I value() {
    return value;
  }

  /** Returns the future the caller waits on, for the future-returning flavours. */
  CallerFuture<O> future() {
    return Objects.requireNonNull(future, "future of a blocking call");
  }

  @Nullable Object groupKey() {
    return groupKey;
  }

  long submittedNanos() {
    return submittedNanos;
  }

  /** Whether the caller of this call is the current thread, blocked in the blocking flavour. */
  boolean isCallerThread() {
    return waiter == Thread.currentThread();
  }

  // ---- transitions ----

  /** Queues this call in {@code group}; under the engine lock, or before anyone else sees it. */
  void queueIn(BatchGroup<I, O> group) {
    this.group = group;
  }

  BatchGroup<I, O> group() {
    return Objects.requireNonNull(group, "group of a call not queued yet");
  }

  /** QUEUED to TAKEN: the call joins {@code batch}; under the engine lock, or before it is shared. */
  void take(Batch<I, O> batch) {
    this.batch = batch;
    // released, not fenced: the caller reads the state before the batch, and whoever asks it to
    // lead does so with a compare-and-set
    STATE.setRelease(this, TAKEN);
  }

  /** TAKEN back to QUEUED, for a batch interrupted before it produced anything. */
  boolean requeue() {
    return STATE.compareAndSet(this, TAKEN, QUEUED);
  }

  /** QUEUED to LEFT, under the engine lock; false if the call is no longer queued. */
  boolean leaveQueue() {
    if (state != QUEUED) {
      return false;
    }
    state = LEFT;
    return true;
  }

  /** TAKEN or BOUND to LEFT: the batch drops this call's output. */
  CallLeaving leaveBatch() {
    for (; ; ) {
      int s = state;
      if (s == QUEUED) {
        return CallLeaving.QUEUED;
      }
      if (s == LEAD) {
        return CallLeaving.ASKED_TO_LEAD;
      }
      if (s != TAKEN && s != BOUND) {
        return CallLeaving.TOO_LATE;
      }
      if (STATE.compareAndSet(this, s, LEFT)) {
        return CallLeaving.LEFT;
      }
    }
  }

  /** TAKEN to LEAD: asks this call's blocked caller to run its batch, and wakes it. */
  boolean askToLead() {
    if (!STATE.compareAndSet(this, TAKEN, LEAD)) {
      return false;
    }
    if (waiter != Thread.currentThread()) {
      LockSupport.unpark(waiter);
    }
    return true;
  }

  /** LEAD to TAKEN, on the caller's own thread: returns the batch it is to run. */
  Batch<I, O> takeLead() {
    // only the caller writes a state it leads, until its run settles it
    STATE.setRelease(this, TAKEN);
    return batch();
  }

  /** LEAD to LEFT: a caller asked to lead gives up; it must pass {@link #batch()} on. */
  boolean giveUpLead() {
    return STATE.compareAndSet(this, LEAD, LEFT);
  }

  /** Returns the batch this call was taken into. */
  Batch<I, O> batch() {
    return Objects.requireNonNull(batch, "batch of a call not taken yet");
  }

  /** TAKEN to BOUND: the batch bound a future; false if the call was settled before. */
  boolean markBound() {
    for (; ; ) {
      int s = state;
      if (s == TAKEN && STATE.compareAndSet(this, TAKEN, BOUND)) {
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
   * TAKEN or BOUND to DONE: settles this call with an output or a failure and wakes its caller.
   *
   * @return false if it was settled before; true if it is settled now or its caller has left
   */
  boolean settle(@Nullable O output, @Nullable Throwable failure) {
    for (; ; ) {
      int s = state;
      if (s == LEFT) {
        return true;
      }
      if (s != TAKEN && s != BOUND) {
        return false;
      }
      if (STATE.compareAndSet(this, s, COMPLETING)) {
        this.output = output;
        this.failure = failure;
        // published with the outcome; a waiter reads the state first and is unparked after
        STATE.setRelease(this, DONE);
        if (future != null) {
          future.settle(output, failure);
        } else if (waiter != Thread.currentThread()) {
          LockSupport.unpark(waiter);
        }
        return true;
      }
    }
  }

  // ---- state, as the caller and the engine read it ----

  /** The state, one of the constants above; in COMPLETING the outcome is there a few steps later. */
  int state() {
    return state;
  }

  /** Whether nobody settled this call yet although it is in a running batch. */
  boolean isUnsettled() {
    int s = state;
    return s == TAKEN || s == LEAD;
  }

  /** Returns the output, or throws the failure as the blocking flavours promise. */
  // the output is as nullable as O, which only NullAway's JSpecify mode can follow
  @SuppressWarnings("NullAway")
  O outcome() {
    if (failure == null) {
      return output;
    }
    throw Failures.rethrow(failure);
  }

  @Override
  public void bindOutput(O output) {
    if (!settle(output, null)) {
      throw settledTwice();
    }
  }

  @Override
  public void fail(Throwable failure) {
    Objects.requireNonNull(failure, "failure");
    if (!settle(null, failure)) {
      throw settledTwice();
    }
  }

  /** The error for a bundle settled a second time. */
  IllegalStateException settledTwice() {
    return new IllegalStateException(
        executorName + ": an output was already bound for input " + value);
  }

  @Override
  public String toString() {
    return "Call{" + value + ", state=" + state + "}";
  }
}
