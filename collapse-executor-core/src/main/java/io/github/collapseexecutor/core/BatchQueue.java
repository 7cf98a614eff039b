package io.github.collapseexecutor.core;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The inputs of one executor that wait for a batch: a queue per input group, the groups waiting for
 * a slot, and the pending count. Everything here runs under the engine's lock, except reading
 * {@link #slotWanted()}.
 */
final class BatchQueue<I, O> {

  private final BatchSlots slots;
  private final int waitThreshold;
  private final long collectingWaitNanos;
  private final int maxBatchSize;

  /** Written without the lock: a batch being filled meanwhile may take either limit. */
  private volatile boolean collapsing = true;

  private final @Nullable BatchGroup<I, O> soleGroup;
  private final @Nullable HashMap<Object, BatchGroup<I, O>> groups;
  private final ArrayDeque<BatchGroup<I, O>> ready = new ArrayDeque<>();
  private int pending;

  /** Whether a group waits for a slot: {@code !ready.isEmpty()}, for the lock-free paths. */
  private volatile boolean slotWanted;

  BatchQueue(BatchSlots slots, CollapseExecutorOptions options) {
    this.slots = slots;
    this.waitThreshold = options.waitThreshold();
    this.collectingWaitNanos = toNanos(options.collectingWaitTime());
    this.maxBatchSize = options.maxBatchSize();
    boolean grouped = options.inputGrouper() != null;
    this.soleGroup = grouped ? null : new BatchGroup<>(null);
    this.groups = grouped ? new HashMap<>() : null;
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

  /** The collecting wait: negative for none, zero to yield once, positive to wait. */
  long collectingWaitNanos() {
    return collectingWaitNanos;
  }

  /** The group of every input when inputs are not grouped; null when they are. */
  @Nullable BatchGroup<I, O> soleGroup() {
    return soleGroup;
  }

  /** Switches collapsing on or off for the batches taken from now on: off, each takes one input. */
  void collapsing(boolean on) {
    collapsing = on;
  }

  boolean isCollapsing() {
    return collapsing;
  }

  /** The most inputs a batch takes: one while collapsing is off, which also stops collecting. */
  private int batchLimit() {
    return collapsing ? maxBatchSize : 1;
  }

  boolean slotWanted() {
    return slotWanted;
  }

  int pending() {
    return pending;
  }

  /**
   * Queues a call.
   *
   * @return true if its group became ready for a slot, which {@link #startReady} may now take
   */
  boolean add(Call<I, O> call) {
    BatchGroup<I, O> group = groupOf(call.groupKey());
    group.add(call);
    pending++;
    if (group.collecting() != null || group.isReady()) {
      return false;
    }
    // ready before a slot is tried: see BatchEngine
    markReady(group);
    return true;
  }

  /** Returns what ends the collecting wait of the call's batch-to-be once it is full, or null. */
  @Nullable Runnable wakeUpIfFull(Call<I, O> call) {
    Batch<I, O> collecting = call.group().collecting();
    return collecting != null && isFull(collecting) ? collecting.wakeUp() : null;
  }

  /** Drops a queued call whose caller left; false if it is no longer queued. */
  boolean leave(Call<I, O> call) {
    if (!call.leaveQueue()) {
      return false;
    }
    BatchGroup<I, O> group = call.group();
    group.leave();
    pending--;
    retireIfIdle(group);
    return true;
  }

  /** Puts calls of an interrupted batch back at the head of their queue, in order. */
  void requeue(List<Call<I, O>> calls) {
    for (int i = calls.size() - 1; i >= 0; i--) {
      Call<I, O> call = calls.get(i);
      if (call.requeue()) {
        BatchGroup<I, O> group = call.group();
        group.putBack(call);
        pending++;
        if (group.collecting() == null && !group.isReady()) {
          markReady(group);
        }
      }
    }
  }

  /** Whether a collecting batch and the inputs queued behind it fill a whole batch. */
  boolean isFull(Batch<I, O> batch) {
    return batch.size() + batch.group().live() >= batchLimit();
  }

  /** Closes a collecting batch to new inputs, taking the ones that arrived while it waited. */
  void seal(Batch<I, O> batch) {
    drain(batch.group(), batch);
    stopCollecting(batch);
  }

  /** Closes a batch to new inputs, if it collects, so that later arrivals do not wait for it. */
  void stopCollecting(Batch<I, O> batch) {
    if (batch.stopCollecting()) {
      afterTake(batch.group());
    }
  }

  /** Takes a batch for each ready group while slots are free; returns them linked, or null. */
  @Nullable Batch<I, O> startReady() {
    Batch<I, O> first = null;
    Batch<I, O> last = null;
    BatchGroup<I, O> group;
    while ((group = ready.peekFirst()) != null) {
      if (group.live() == 0) {
        ready.pollFirst();
        group.ready(false);
        retireIfIdle(group);
        continue;
      }
      if (!slots.tryAcquire()) {
        break;
      }
      ready.pollFirst();
      group.ready(false);
      Batch<I, O> batch = take(group);
      if (last == null) {
        first = batch;
      } else {
        last.next(batch);
      }
      last = batch;
    }
    if (slotWanted && ready.isEmpty()) {
      slotWanted = false;
    }
    return first;
  }

  private BatchGroup<I, O> groupOf(@Nullable Object key) {
    if (soleGroup != null) {
      return soleGroup;
    }
    return Objects.requireNonNull(groups).computeIfAbsent(key, BatchGroup::new);
  }

  private void markReady(BatchGroup<I, O> group) {
    group.ready(true);
    ready.addLast(group);
    if (!slotWanted) {
      slotWanted = true;
    }
  }

  private Batch<I, O> take(BatchGroup<I, O> group) {
    Batch<I, O> batch = new Batch<>(group);
    drain(group, batch);
    if (shouldCollect(batch)) {
      batch.startCollecting();
    } else {
      afterTake(group);
    }
    return batch;
  }

  private boolean shouldCollect(Batch<I, O> batch) {
    int size = batch.size();
    if (collectingWaitNanos < 0 || size < waitThreshold || size >= batchLimit()) {
      return false;
    }
    return collectingWaitNanos == 0
        || System.nanoTime() - batch.firstSubmittedNanos() < collectingWaitNanos;
  }

  private void drain(BatchGroup<I, O> group, Batch<I, O> batch) {
    Call<I, O> call;
    int limit = batchLimit();
    while (batch.size() < limit && (call = group.poll()) != null) {
      batch.add(call);
      pending--;
    }
  }

  private void afterTake(BatchGroup<I, O> group) {
    if (group.live() > 0) {
      if (!group.isReady()) {
        markReady(group);
      }
    } else {
      retireIfIdle(group);
    }
  }

  private void retireIfIdle(BatchGroup<I, O> group) {
    if (group.retireIfIdle() && groups != null) {
      groups.remove(group.key(), group);
    }
  }
}
