package io.github.collapseexecutor.core;

import java.util.concurrent.locks.ReentrantLock;
import org.jspecify.annotations.Nullable;

/**
 * Gives the slots of one engine's batches back and starts the batches that wait for them: the
 * side of the {@link BatchEngine} that batches leave by. A slot is freed without the lock; the
 * lock is taken only when something is queued, collecting or closing. Batches that start are
 * offered to the flavour's {@link BatchDispatcher}; one that nobody can run, because every
 * caller in it left, gives its slot back at once.
 */
final class SlotReturn<I, O> {

  private final ReentrantLock lock;
  private final BatchSlots slots;
  private final BatchQueue<I, O> queue;
  private final EngineShutdown shutdown;

  SlotReturn(
      ReentrantLock lock, BatchSlots slots, BatchQueue<I, O> queue, EngineShutdown shutdown) {
    this.lock = lock;
    this.slots = slots;
    this.queue = queue;
    this.shutdown = shutdown;
  }

  /**
   * Gives back the slot of a batch whose {@code doExecute} ended (or that nobody can run) and
   * starts the batches waiting for a slot.
   */
  void finish(Batch<I, O> batch, BatchDispatcher<I, O> dispatcher) {
    int count = 0;
    boolean collecting = false;
    for (Batch<I, O> b = batch; b != null; b = b.next()) {
      count++;
      collecting |= b.isCollecting();
    }
    release(collecting ? batch : null, count, dispatcher);
  }

  /**
   * Gives back {@code count} slots, then, unless nothing is queued, collecting or closing, starts
   * what waits for them under the lock.
   *
   * @param collecting the linked batches to unmark as collecting, or null if none collects
   */
  void release(@Nullable Batch<I, O> collecting, int count, BatchDispatcher<I, O> dispatcher) {
    slots.release(count);
    // the slots are free before slotWanted is read: see BatchEngine
    if (collecting == null && !queue.slotWanted() && !shutdown.isClosed()) {
      return;
    }
    Batch<I, O> started;
    boolean terminate;
    lock.lock();
    try {
      for (Batch<I, O> b = collecting; b != null; b = b.next()) {
        // dropped while it still collected: later arrivals must not wait for it
        queue.stopCollecting(b);
      }
      started = queue.startReady();
      terminate = shutdown.terminatesNow(slots, queue);
    } finally {
      lock.unlock();
    }
    Batch<I, O> dead = offerAll(started, dispatcher);
    if (terminate) {
      shutdown.runTerminated();
    }
    if (dead != null) {
      finish(dead, dispatcher);
    }
  }

  /** Offers batches that started, dropping those that nobody can run. */
  void dispatch(@Nullable Batch<I, O> started, BatchDispatcher<I, O> dispatcher) {
    Batch<I, O> dead = offerAll(started, dispatcher);
    if (dead != null) {
      finish(dead, dispatcher);
    }
  }

  /** Offers started batches; returns the ones nobody could run, linked, or null. */
  private @Nullable Batch<I, O> offerAll(
      @Nullable Batch<I, O> started, BatchDispatcher<I, O> dispatcher) {
    Batch<I, O> dead = null;
    while (started != null) {
      Batch<I, O> next = started.next();
      started.next(null);
      if (!dispatcher.offer(started)) {
        started.next(dead);
        dead = started;
      }
      started = next;
    }
    return dead;
  }

  /** Offers a single batch that a caller gave up leading, dropping it if nobody else can. */
  void reoffer(Batch<I, O> batch, BatchDispatcher<I, O> dispatcher) {
    if (!dispatcher.offer(batch)) {
      finish(batch, dispatcher);
    }
  }
}
