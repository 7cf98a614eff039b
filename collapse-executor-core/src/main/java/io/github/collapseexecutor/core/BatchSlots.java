package io.github.collapseexecutor.core;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The batch slots of one executor, counted in one atomic word, so that a call that finds nothing
 * queued and a slot free starts its batch, and a batch that ends with nothing queued gives its slot
 * back, without taking the engine's lock.
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

  private final int max;
  /** Slots in use; changed only by compare-and-set or atomic add, with or without the lock. */
  private volatile int inUse;

  BatchSlots(int max) {
    this.max = max;
  }

  int max() {
    return max;
  }

  /** Takes a slot if one is free. */
  boolean tryAcquire() {
    for (;;) {
      int n = inUse;
      if (n >= max) {
        return false;
      }
      if (IN_USE.compareAndSet(this, n, n + 1)) {
        return true;
      }
    }
  }

  void release(int count) {
    IN_USE.getAndAdd(this, -count);
  }

  /** Returns how many slots are taken. */
  int inUse() {
    return inUse;
  }
}
