package io.github.collapseexecutor.core;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The batch slots of one executor, counted in one atomic word, so that a call that finds nothing
 * queued and a slot free starts its batch, and a batch that ends with nothing queued gives its slot
 * back, without taking the engine's lock.
 *
 * <p>How many slots may be taken is the {@link BatchLimit}'s to say: a fixed number, or one that
 * follows the latency of the backend calls, which {@link #backendCallStarted} and
 * {@link #backendCallEnded} report, up to the {@link #ceiling()}.
 */
final class BatchSlots {

  private static final VarHandle IN_USE;

  static {
    try {
      IN_USE = MethodHandles.lookup().findVarHandle(BatchSlots.class, "inUse", int.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private final BatchLimit limit;

  /** The engine's number in {@link HeldSlots}. */
  private final int engineId;

  /** Slots in use; changed only by compare-and-set or atomic add, with or without the lock. */
  private volatile int inUse;

  BatchSlots(CollapseExecutorOptions options, int engineId) {
    this.limit = BatchLimit.of(options);
    this.engineId = engineId;
  }

  /** Returns the most slots that may ever be taken: {@code maxConcurrentBatches}. */
  int ceiling() {
    return limit.ceiling();
  }

  /** Takes a slot if the limit allows one more. */
  boolean tryAcquire() {
    for (; ; ) {
      int n = inUse;
      if (n >= limit.current() && !nestedMayPass(n)) {
        limit.slotRefused();
        return false;
      }
      if (IN_USE.compareAndSet(this, n, n + 1)) {
        return true;
      }
    }
  }

  /**
   * Whether a call made from {@code doExecute} of this executor may take a slot past an adaptive
   * limit, up to the ceiling: {@link HeldSlots#beforeWaiting} lets such a call wait while its
   * thread holds fewer slots than the ceiling, and the limit would not grow while that thread
   * holds its batch, so the call would wait for itself.
   */
  private boolean nestedMayPass(int n) {
    return n < limit.ceiling() && HeldSlots.current().running(engineId) > 0;
  }

  void release(int count) {
    IN_USE.getAndAdd(this, -count);
  }

  /**
   * Records that the backend call of {@code batch} begins, and at which level: how many batches
   * are in the backend with it. An adaptive limit learns from the latency at each level.
   */
  void backendCallStarted(Batch<?, ?> batch) {
    batch.backendLevel(limit.backendCallStarted());
  }

  /** Records that the backend call of {@code batch} produced its output after {@code nanos}. */
  void backendCallEnded(Batch<?, ?> batch, long nanos) {
    limit.backendCallEnded(batch.backendLevel(), nanos);
  }

  /** Records that the backend call of {@code batch} failed. */
  void backendCallFailed(Batch<?, ?> batch) {
    limit.backendCallFailed(batch.backendLevel());
  }

  /** Returns how many slots are taken. */
  int inUse() {
    return inUse;
  }
}
