package io.github.collapseexecutor.core;

import java.util.List;
import java.util.Objects;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantLock;
import org.jspecify.annotations.Nullable;

/**
 * Queues inputs per group and hands out batches as slots free up. The engine never runs user code
 * and never blocks while holding its lock: the flavour that owns it decides where a batch runs
 * through a {@link BatchDispatcher}.
 *
 * <p>Natural batching comes from the slots: a call that finds a free slot starts a batch at once;
 * while every slot is busy, inputs queue, and the next free slot takes all that queued (up to the
 * batch size limit).
 *
 * <p>Slots are counted in one atomic word ({@link BatchSlots}), so that the uncontended paths need
 * no lock: with many slots and many callers the lock would otherwise turn into a convoy of parked
 * threads, each needing a wake-up. Everything else happens under the lock, in {@link BatchQueue}.
 * A queueing submission marks its group ready ({@link BatchQueue#slotWanted()}) before it tries for
 * a slot, and a releasing batch frees its slot before it reads that flag, so one of the two always
 * sees the other and no input is left queued beside a free slot.
 */
final class BatchEngine<I, O> {

  private static final AtomicInteger IDS = new AtomicInteger();

  /** Tells this engine apart in {@link HeldSlots} without storing a reference there. */
  final int id = IDS.incrementAndGet();

  private final String name;
  private final int maxPendingInputs;
  private final CallFactory<I, O> calls;
  private final CollapseListener listener;

  /** Whether a lone call may start its batch without the lock: no groups and no collecting wait. */
  private final boolean lockFreeStart;

  private final ReentrantLock lock = new ReentrantLock();
  private final BatchSlots slots;
  private final BatchQueue<I, O> queue;
  private final EngineShutdown shutdown;
  private final SlotReturn<I, O> slotReturn;
  private final ReleaseOrder releaseOrder = new ReleaseOrder();

  BatchEngine(String name, CollapseExecutorOptions options) {
    this.name = Objects.requireNonNull(name, "name");
    this.maxPendingInputs = options.maxPendingInputs();
    this.calls = new CallFactory<>(this, name, options.inputGrouper());
    this.listener = options.listener();
    this.slots = new BatchSlots(options, id);
    this.queue = new BatchQueue<>(slots, options);
    this.lockFreeStart = options.inputGrouper() == null && queue.collectingWaitNanos() < 0;
    this.shutdown = new EngineShutdown(name);
    this.slotReturn = new SlotReturn<>(lock, slots, queue, shutdown);
  }

  /** Returns when this executor's batches give their slots back; see {@link ReleaseOrder}. */
  ReleaseOrder releaseOrder() {
    return releaseOrder;
  }

  String name() {
    return name;
  }

  CollapseListener listener() {
    return listener;
  }

  /** Sets what runs once, after {@link #close()}, when no input is pending and no batch runs. */
  void onTerminated(Runnable onTerminated) {
    shutdown.onTerminated(onTerminated);
  }

  /** Returns what makes the calls of the inputs submitted to this engine. */
  CallFactory<I, O> calls() {
    return calls;
  }

  /**
   * Queues a call and starts a batch if a slot is free.
   *
   * @throws IllegalStateException if the executor is closed
   * @throws RejectedExecutionException if too many inputs are pending
   */
  void submit(Call<I, O> call, BatchDispatcher<I, O> dispatcher) {
    if (lockFreeStart && !queue.slotWanted() && startAlone(call, dispatcher)) {
      return;
    }
    Batch<I, O> started = null;
    Runnable wakeUp = null;
    boolean rejected = false;
    lock.lock();
    try {
      if (shutdown.isClosed()) {
        throw new IllegalStateException(name + " is closed");
      }
      if (queue.pending() >= maxPendingInputs) {
        rejected = true;
      } else if (queue.add(call)) {
        started = queue.startReady();
      } else {
        wakeUp = queue.wakeUpIfFull(call);
      }
    } finally {
      lock.unlock();
    }
    if (rejected) {
      Reports.rejected(listener, name);
      throw new RejectedExecutionException(
          name
              + " has "
              + maxPendingInputs
              + " inputs pending (maxPendingInputs); rejected input "
              + call.value());
    }
    if (wakeUp != null) {
      wakeUp.run();
    }
    if (started != null) {
      slotReturn.dispatch(started, dispatcher);
    }
  }

  /**
   * Starts a batch of this call alone, without the lock, if a slot is free and the executor open.
   *
   * @return false if the call must take the locked path, which queues it or rejects it
   */
  private boolean startAlone(Call<I, O> call, BatchDispatcher<I, O> dispatcher) {
    if (shutdown.isClosed() || !slots.tryAcquire()) {
      return false;
    }
    if (shutdown.isClosed()) {
      // close() may have looked at the slots before this one was taken: give it back the way every
      // batch does, which also ends the executor if nothing else runs
      slotReturn.release(null, 1, dispatcher);
      return false;
    }
    // the lock-free start is only taken when inputs are not grouped
    BatchGroup<I, O> group = Objects.requireNonNull(queue.soleGroup(), "soleGroup");
    call.queueIn(group);
    Batch<I, O> batch = Batch.alone(group, call);
    slotReturn.dispatch(batch, dispatcher);
    return true;
  }

  /**
   * Removes a caller that stopped waiting. A queued call is dropped; a call already in a batch is
   * marked so that its output is dropped. Does nothing to a call that is settled.
   *
   * @return false if the call is asked to lead its batch and must hand it on first
   */
  boolean leave(Call<I, O> call, @Nullable Throwable reason) {
    for (; ; ) {
      switch (call.leaveBatch()) {
        case LEFT -> {
          reportLeft(reason);
          return true;
        }
        case ASKED_TO_LEAD -> {
          return false;
        }
        case TOO_LATE -> {
          return true;
        }
        case QUEUED -> {
          if (leaveQueue(call)) {
            reportLeft(reason);
            return true;
          }
        }
        default -> throw new AssertionError(call);
      }
    }
  }

  /** Drops a queued call; false if it was taken into a batch meanwhile. */
  private boolean leaveQueue(Call<I, O> call) {
    boolean terminate;
    lock.lock();
    try {
      if (!queue.leave(call)) {
        return false;
      }
      terminate = shutdown.terminatesNow(slots, queue);
    } finally {
      lock.unlock();
    }
    if (terminate) {
      shutdown.runTerminated();
    }
    return true;
  }

  private void reportLeft(@Nullable Throwable reason) {
    if (reason instanceof TimeoutException) {
      Reports.timedOut(listener, name);
    }
  }

  /** The collecting wait: negative for none, zero to yield once, positive to wait. */
  long collectingWaitNanos() {
    return queue.collectingWaitNanos();
  }

  /** Closes a collecting batch to new inputs, taking the ones that arrived while it waited. */
  void seal(Batch<I, O> batch, BatchDispatcher<I, O> dispatcher) {
    if (!batch.isCollecting()) {
      return;
    }
    Batch<I, O> started;
    lock.lock();
    try {
      if (!batch.isCollecting()) {
        return;
      }
      queue.seal(batch);
      started = queue.startReady();
    } finally {
      lock.unlock();
    }
    slotReturn.dispatch(started, dispatcher);
  }

  /** Whether a collecting batch and the inputs queued behind it fill a whole batch. */
  boolean isFull(Batch<I, O> batch) {
    lock.lock();
    try {
      return queue.isFull(batch);
    } finally {
      lock.unlock();
    }
  }

  /**
   * Puts calls of a batch that was interrupted before it produced anything back at the head of
   * their queue, so that another caller runs them. Calls whose callers left are dropped.
   */
  void requeue(List<Call<I, O>> calls) {
    lock.lock();
    try {
      queue.requeue(calls);
    } finally {
      lock.unlock();
    }
  }

  /**
   * Gives back the slot of a batch whose {@code doExecute} ended (or that nobody can run) and
   * starts the batches waiting for a slot.
   */
  void finish(Batch<I, O> batch, BatchDispatcher<I, O> dispatcher) {
    slotReturn.finish(batch, dispatcher);
  }

  /** Offers a single batch that a caller gave up leading, dropping it if nobody else can. */
  void reoffer(Batch<I, O> batch, BatchDispatcher<I, O> dispatcher) {
    slotReturn.reoffer(batch, dispatcher);
  }

  /**
   * Stops accepting calls. Inputs already accepted still run; {@link #onTerminated} runs once when
   * the last of them is done.
   */
  void close() {
    boolean terminate;
    lock.lock();
    try {
      if (!shutdown.close()) {
        return;
      }
      terminate = shutdown.terminatesNow(slots, queue);
    } finally {
      lock.unlock();
    }
    if (terminate) {
      shutdown.runTerminated();
    }
  }

  BatchQueue<I, O> queue() {
    return queue;
  }

  /** Returns the slots of this executor: how many are taken, and how many may be. */
  BatchSlots slots() {
    return slots;
  }
}
