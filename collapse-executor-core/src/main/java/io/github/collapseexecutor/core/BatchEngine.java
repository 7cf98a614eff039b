package io.github.collapseexecutor.core;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;

/**
 * Queues inputs per group and hands out batches as slots free up. The engine never runs user code
 * and never blocks while holding its lock: the flavour that owns it decides where a batch runs
 * through a {@link Sink}.
 *
 * <p>Natural batching comes from the slots: a call that finds a free slot starts a batch at once;
 * while every slot is busy, inputs queue, and the next free slot takes all that queued (up to the
 * batch size limit).
 *
 * <p>Slots are counted in one atomic word, so that a call that finds nothing queued and a slot free
 * starts its batch, and a batch that ends with nothing queued gives its slot back, without taking
 * the lock: with many slots and many callers the lock would otherwise turn into a convoy of parked
 * threads, each needing a wake-up. Everything else happens under the lock. A queueing submission
 * marks its group ready ({@code slotWanted}) before it tries for a slot, and a releasing batch frees
 * its slot before it reads {@code slotWanted}, so one of the two always sees the other and no input
 * is left queued beside a free slot.
 */
final class BatchEngine<I, O> {

  /** Where started batches go: a leader thread, an executor, or the current thread. */
  @FunctionalInterface
  public interface Sink<I, O> {

    /**
     * Takes a batch that holds a slot.
     *
     * @return false if nobody can run it because every caller in it has left; the engine then
     *     drops it and frees its slot
     */
    boolean offer(Batch<I, O> batch);
  }

  private static final System.Logger LOG = System.getLogger(BatchEngine.class.getName());
  private static final AtomicInteger IDS = new AtomicInteger();
  private static final VarHandle IN_FLIGHT;

  static {
    try {
      IN_FLIGHT = MethodHandles.lookup().findVarHandle(BatchEngine.class, "inFlight", int.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  /** Tells this engine apart in {@link HeldSlots} without storing a reference there. */
  final int id = IDS.incrementAndGet();
  private final String name;
  private final int waitThreshold;
  private final long collectingWaitNanos;
  private final int maxBatchSize;
  private final int maxConcurrentBatches;
  private final int maxPendingInputs;
  private final Function<Object, ?> grouper;
  private final CollapseListener listener;
  /** Whether a lone call may start its batch without the lock: no groups and no collecting wait. */
  private final boolean lockFreeStart;

  private final ReentrantLock lock = new ReentrantLock();
  private final Group<I, O> soleGroup;
  private final HashMap<Object, Group<I, O>> groups;
  private final ArrayDeque<Group<I, O>> ready = new ArrayDeque<>();
  /** Slots in use; changed only by compare-and-set, with or without the lock. */
  private volatile int inFlight;
  private int pending;
  /** Whether a group waits for a slot: {@code !ready.isEmpty()}, for the lock-free paths. */
  private volatile boolean slotWanted;
  /** Written under the lock, read without it by the lock-free start. */
  private volatile boolean closed;
  private final SlotRelease slotRelease = new SlotRelease();
  private boolean terminated;
  private Runnable onTerminated = () -> {};

  public BatchEngine(String name, CollapseExecutorOptions options) {
    this.name = Objects.requireNonNull(name, "name");
    this.waitThreshold = options.waitThreshold();
    this.collectingWaitNanos = toNanos(options.collectingWaitTime());
    this.maxBatchSize = options.maxBatchSize();
    this.maxConcurrentBatches = options.maxConcurrentBatches();
    this.maxPendingInputs = options.maxPendingInputs();
    this.grouper = options.inputGrouper();
    this.listener = options.listener();
    this.soleGroup = grouper == null ? new Group<>(null) : null;
    this.groups = grouper == null ? null : new HashMap<>();
    this.lockFreeStart = grouper == null && collectingWaitNanos < 0;
  }

  private static long toNanos(Duration wait) {
    if (wait.isNegative()) {
      return -1;
    }
    try {
      return wait.toNanos();
    } catch (ArithmeticException overflow) {
      return Long.MAX_VALUE;
    }
  }

  /** Returns when this executor's batches give their slots back; see {@link SlotRelease}. */
  public SlotRelease slotRelease() {
    return slotRelease;
  }

  public String name() {
    return name;
  }

  public CollapseListener listener() {
    return listener;
  }

  /** Sets what runs once, after {@link #close()}, when no input is pending and no batch runs. */
  public void onTerminated(Runnable onTerminated) {
    this.onTerminated = Objects.requireNonNull(onTerminated, "onTerminated");
  }

  /** Creates a call for a caller that blocks on the current thread. */
  public Call<I, O> newBlockingCall(I input) {
    Objects.requireNonNull(input, "input");
    return Call.blocking(input, groupKey(input), System.nanoTime(), name);
  }

  /** Creates a call for a caller that waits on a future. */
  public Call<I, O> newFutureCall(I input) {
    Objects.requireNonNull(input, "input");
    return Call.withFuture(input, groupKey(input), System.nanoTime(), name, this);
  }

  private Object groupKey(I input) {
    if (grouper == null) {
      return null;
    }
    Object key = grouper.apply(input);
    if (key == null) {
      throw new NullPointerException(
          name + ": the input grouper returned null for input " + input);
    }
    return key;
  }

  /**
   * Queues a call and starts a batch if a slot is free.
   *
   * @throws IllegalStateException if the executor is closed
   * @throws RejectedExecutionException if too many inputs are pending
   */
  public void submit(Call<I, O> call, Sink<I, O> sink) {
    if (lockFreeStart && !slotWanted && startAlone(call, sink)) {
      return;
    }
    Batch<I, O> started = null;
    Runnable wakeUp = null;
    boolean rejected = false;
    lock.lock();
    try {
      if (closed) {
        throw new IllegalStateException(name + " is closed");
      }
      if (pending >= maxPendingInputs) {
        rejected = true;
      } else {
        Group<I, O> group = groupOf(call.groupKey);
        call.group = group;
        group.queue.addLast(call);
        group.live++;
        pending++;
        if (group.collecting != null) {
          if (group.collecting.size() + group.live >= maxBatchSize) {
            wakeUp = group.collecting.wakeUp;
          }
        } else if (!group.ready) {
          // ready before a slot is tried: see the class comment
          markReady(group);
          started = startReady();
        }
      }
    } finally {
      lock.unlock();
    }
    if (rejected) {
      Reports.rejected(listener, name);
      throw new RejectedExecutionException(
          name + " has " + maxPendingInputs + " inputs pending (maxPendingInputs); rejected input "
              + call.value());
    }
    if (wakeUp != null) {
      wakeUp.run();
    }
    if (started != null) {
      dispatch(started, sink);
    }
  }

  /**
   * Starts a batch of this call alone, without the lock, if a slot is free and the executor open.
   *
   * @return false if the call must take the locked path, which queues it or rejects it
   */
  private boolean startAlone(Call<I, O> call, Sink<I, O> sink) {
    if (closed || !tryAcquireSlot()) {
      return false;
    }
    if (closed) {
      // close() may have looked at the slots before this one was taken: give it back the way every
      // batch does, which also ends the executor if nothing else runs
      releaseSlots(null, 1, sink);
      return false;
    }
    Batch<I, O> batch = new Batch<>(soleGroup);
    call.group = soleGroup;
    call.batch = batch;
    call.setState(Call.TAKEN);
    batch.calls.add(call);
    dispatch(batch, sink);
    return true;
  }

  private boolean tryAcquireSlot() {
    for (;;) {
      int n = inFlight;
      if (n >= maxConcurrentBatches) {
        return false;
      }
      if (IN_FLIGHT.compareAndSet(this, n, n + 1)) {
        return true;
      }
    }
  }

  /**
   * Removes a caller that stopped waiting. A queued call is dropped; a call already in a batch is
   * marked so that its output is dropped. Does nothing to a call that is settled.
   *
   * @return false if the call is asked to lead its batch and must hand it on first
   */
  public boolean leave(Call<I, O> call, Throwable reason) {
    boolean left = false;
    boolean terminate = false;
    for (;;) {
      int s = call.state();
      if (s == Call.QUEUED) {
        lock.lock();
        try {
          if (call.state() == Call.QUEUED) {
            call.setState(Call.LEFT);
            Group<I, O> group = call.group;
            group.live--;
            pending--;
            retireIfIdle(group);
            left = true;
            terminate = shouldTerminate();
          }
        } finally {
          lock.unlock();
        }
        if (left) {
          break;
        }
      } else if (s == Call.TAKEN || s == Call.BOUND) {
        if (call.casState(s, Call.LEFT)) {
          left = true;
          break;
        }
      } else if (s == Call.LEAD) {
        return false;
      } else {
        break;
      }
    }
    if (terminate) {
      runTerminated();
    }
    if (left && reason instanceof TimeoutException) {
      Reports.timedOut(listener, name);
    }
    return true;
  }

  /**
   * Called on a caller's thread before it blocks for {@code call}, which is not settled yet. Gives
   * back the slots this thread holds only to hand out outputs of this executor's batches and runs
   * the batch starts this thread deferred, so that the call can start. A call that still waits for
   * a slot while this thread holds every slot, running {@code doExecute}, would wait for itself:
   * it leaves its queue instead.
   *
   * @return the error to fail the call with, having left, or null if the call may be waited for
   */
  public IllegalStateException beforeWaiting(Call<I, O> call) {
    HeldSlots held = HeldSlots.current();
    held.releaseHandOuts(this);
    Trampoline.runDeferred();
    if (call.state() != Call.QUEUED || held.running(this) < maxConcurrentBatches) {
      return null;
    }
    IllegalStateException refused = new IllegalStateException(name + ": execute("
        + Names.describe(call.value()) + ") was called from doExecute of " + name
        + " on a thread that holds all " + maxConcurrentBatches + " of its batch slots;"
        + " waiting for it would wait forever");
    leave(call, refused);
    return refused;
  }

  /**
   * Waits for more inputs: yields once for a zero wait, or parks until the batch's deadline (its
   * first input's submission plus the wait), until it is full, or until the thread is interrupted.
   * Runs on the thread that will run the batch, outside any lock; call {@link #seal} next.
   */
  public void awaitMoreInputs(Batch<I, O> batch) {
    if (collectingWaitNanos == 0) {
      Thread.yield();
      return;
    }
    Thread collector = Thread.currentThread();
    batch.wakeUp = () -> LockSupport.unpark(collector);
    try {
      for (;;) {
        long remaining = remainingCollectNanos(batch);
        if (remaining <= 0 || isFull(batch) || Thread.currentThread().isInterrupted()) {
          return;
        }
        LockSupport.parkNanos(this, remaining);
      }
    } finally {
      batch.wakeUp = null;
    }
  }

  /** Returns how long a collecting batch may still wait for inputs; zero or less for not at all. */
  public long remainingCollectNanos(Batch<I, O> batch) {
    if (collectingWaitNanos <= 0) {
      return 0;
    }
    return batch.firstSubmittedNanos() + collectingWaitNanos - System.nanoTime();
  }

  /** Closes a collecting batch to new inputs, taking the ones that arrived while it waited. */
  public void seal(Batch<I, O> batch, Sink<I, O> sink) {
    if (!batch.collecting) {
      return;
    }
    Batch<I, O> started;
    lock.lock();
    try {
      if (!batch.collecting) {
        return;
      }
      Group<I, O> group = batch.group;
      drain(group, batch);
      batch.collecting = false;
      group.collecting = null;
      afterTake(group);
      started = startReady();
    } finally {
      lock.unlock();
    }
    dispatch(started, sink);
  }

  /** Whether a collecting batch and the inputs queued behind it fill a whole batch. */
  public boolean isFull(Batch<I, O> batch) {
    lock.lock();
    try {
      return batch.size() + batch.group.live >= maxBatchSize;
    } finally {
      lock.unlock();
    }
  }

  /**
   * Puts calls of a batch that was interrupted before it produced anything back at the head of
   * their queue, so that another caller runs them. Calls whose callers left are dropped.
   */
  public void requeue(List<Call<I, O>> calls) {
    lock.lock();
    try {
      for (int i = calls.size() - 1; i >= 0; i--) {
        Call<I, O> call = calls.get(i);
        if (call.casState(Call.TAKEN, Call.QUEUED)) {
          Group<I, O> group = call.group;
          group.queue.addFirst(call);
          group.live++;
          pending++;
          if (group.collecting == null && !group.ready) {
            markReady(group);
          }
        }
      }
    } finally {
      lock.unlock();
    }
  }

  /**
   * Gives back the slot of a batch whose {@code doExecute} ended (or that nobody can run) and
   * starts the batches waiting for a slot.
   */
  public void finish(Batch<I, O> batch, Sink<I, O> sink) {
    int count = 0;
    boolean collecting = false;
    for (Batch<I, O> b = batch; b != null; b = b.nextStarted) {
      count++;
      collecting |= b.collecting;
    }
    releaseSlots(collecting ? batch : null, count, sink);
  }

  /**
   * Gives back {@code count} slots, then, unless nothing is queued, collecting or closing, starts
   * what waits for them under the lock.
   *
   * @param collecting the linked batches to unmark as collecting, or null if none collects
   */
  private void releaseSlots(Batch<I, O> collecting, int count, Sink<I, O> sink) {
    IN_FLIGHT.getAndAdd(this, -count);
    // the slots are free before slotWanted is read: see the class comment
    if (collecting == null && !slotWanted && !closed) {
      return;
    }
    Batch<I, O> started;
    boolean terminate;
    lock.lock();
    try {
      for (Batch<I, O> b = collecting; b != null; b = b.nextStarted) {
        if (b.collecting) {
          // dropped while it still collected: later arrivals must not wait for it
          b.collecting = false;
          b.group.collecting = null;
          afterTake(b.group);
        }
      }
      started = startReady();
      terminate = shouldTerminate();
    } finally {
      lock.unlock();
    }
    Batch<I, O> dead = offerAll(started, sink);
    if (terminate) {
      runTerminated();
    }
    if (dead != null) {
      finish(dead, sink);
    }
  }

  private void dispatch(Batch<I, O> started, Sink<I, O> sink) {
    Batch<I, O> dead = offerAll(started, sink);
    if (dead != null) {
      finish(dead, sink);
    }
  }

  /** Offers started batches; returns the ones nobody could run, linked, or null. */
  private Batch<I, O> offerAll(Batch<I, O> started, Sink<I, O> sink) {
    Batch<I, O> dead = null;
    while (started != null) {
      Batch<I, O> next = started.nextStarted;
      started.nextStarted = null;
      if (!sink.offer(started)) {
        started.nextStarted = dead;
        dead = started;
      }
      started = next;
    }
    return dead;
  }

  /** Offers a single batch that a caller gave up leading, dropping it if nobody else can. */
  public void reoffer(Batch<I, O> batch, Sink<I, O> sink) {
    if (!sink.offer(batch)) {
      finish(batch, sink);
    }
  }

  /**
   * Stops accepting calls. Inputs already accepted still run; {@link #onTerminated} runs once when
   * the last of them is done.
   */
  public void close() {
    boolean terminate;
    lock.lock();
    try {
      if (closed) {
        return;
      }
      closed = true;
      terminate = shouldTerminate();
    } finally {
      lock.unlock();
    }
    if (terminate) {
      runTerminated();
    }
  }

  /** Returns how many inputs wait for a batch. */
  public int pendingCount() {
    lock.lock();
    try {
      return pending;
    } finally {
      lock.unlock();
    }
  }

  public boolean isClosed() {
    lock.lock();
    try {
      return closed;
    } finally {
      lock.unlock();
    }
  }

  private void runTerminated() {
    try {
      onTerminated.run();
    } catch (RuntimeException e) {
      LOG.log(System.Logger.Level.WARNING, name + ": shutting down after close failed", e);
    }
  }

  // ---- everything below runs under the lock ----

  private boolean shouldTerminate() {
    if (closed && !terminated && inFlight == 0 && pending == 0) {
      terminated = true;
      return true;
    }
    return false;
  }

  private Group<I, O> groupOf(Object key) {
    if (soleGroup != null) {
      return soleGroup;
    }
    return groups.computeIfAbsent(key, k -> new Group<>(k));
  }

  private void markReady(Group<I, O> group) {
    group.ready = true;
    ready.addLast(group);
    if (!slotWanted) {
      slotWanted = true;
    }
  }

  private Batch<I, O> startReady() {
    Batch<I, O> first = null;
    Batch<I, O> last = null;
    Group<I, O> group;
    while ((group = ready.peekFirst()) != null) {
      if (group.live == 0) {
        ready.pollFirst();
        group.ready = false;
        retireIfIdle(group);
        continue;
      }
      if (!tryAcquireSlot()) {
        break;
      }
      ready.pollFirst();
      group.ready = false;
      Batch<I, O> batch = take(group);
      if (first == null) {
        first = batch;
      } else {
        last.nextStarted = batch;
      }
      last = batch;
    }
    if (slotWanted && ready.isEmpty()) {
      slotWanted = false;
    }
    return first;
  }

  private Batch<I, O> take(Group<I, O> group) {
    Batch<I, O> batch = new Batch<>(group);
    drain(group, batch);
    if (shouldCollect(batch)) {
      batch.collecting = true;
      group.collecting = batch;
    } else {
      afterTake(group);
    }
    return batch;
  }

  private boolean shouldCollect(Batch<I, O> batch) {
    int size = batch.size();
    if (collectingWaitNanos < 0 || size < waitThreshold || size >= maxBatchSize) {
      return false;
    }
    return collectingWaitNanos == 0
        || System.nanoTime() - batch.firstSubmittedNanos() < collectingWaitNanos;
  }

  private void drain(Group<I, O> group, Batch<I, O> batch) {
    Call<I, O> call;
    while (batch.size() < maxBatchSize && (call = group.queue.pollFirst()) != null) {
      if (call.state() == Call.LEFT) {
        continue;
      }
      call.batch = batch;
      call.setState(Call.TAKEN);
      batch.calls.add(call);
      group.live--;
      pending--;
    }
  }

  private void afterTake(Group<I, O> group) {
    if (group.live > 0) {
      if (!group.ready) {
        markReady(group);
      }
    } else {
      retireIfIdle(group);
    }
  }

  private void retireIfIdle(Group<I, O> group) {
    if (group.live == 0) {
      group.queue.clear();
      if (groups != null && !group.ready && group.collecting == null) {
        groups.remove(group.key, group);
      }
    }
  }

  /** The inputs of one group key; only inputs of one group share a batch. */
  static final class Group<I, O> {
    final Object key;
    final ArrayDeque<Call<I, O>> queue = new ArrayDeque<>();
    /** Queued calls whose callers still wait. */
    int live;
    /** Whether the group sits in the ready queue, waiting for a slot. */
    boolean ready;
    /** The batch that is collecting more inputs of this group, if any. */
    Batch<I, O> collecting;

    Group(Object key) {
      this.key = key;
    }
  }
}
