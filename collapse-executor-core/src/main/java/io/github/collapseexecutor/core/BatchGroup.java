package io.github.collapseexecutor.core;

import java.util.ArrayDeque;
import org.jspecify.annotations.Nullable;

/**
 * The queued inputs of one group key; only inputs of one group share a batch. Guarded by the
 * engine's lock.
 */
final class BatchGroup<I, O> {

  private final @Nullable Object key;
  private final ArrayDeque<Call<I, O>> queue = new ArrayDeque<>();

  /** Queued calls whose callers still wait. */
  private int live;

  /** Whether the group sits in the ready queue, waiting for a slot. */
  private boolean ready;

  /** The batch that is collecting more inputs of this group, if any. */
  private @Nullable Batch<I, O> collecting;

  BatchGroup(@Nullable Object key) {
    this.key = key;
  }

  @Nullable Object key() {
    return key;
  }

  /** Queues a call at the back. */
  void add(Call<I, O> call) {
    call.queueIn(this);
    queue.addLast(call);
    live++;
  }

  /** Queues a call of an interrupted batch at the front, so that it runs next. */
  void putBack(Call<I, O> call) {
    queue.addFirst(call);
    live++;
  }

  /** Counts a queued call whose caller left; the call stays in the queue until it is polled. */
  void leave() {
    live--;
  }

  /** Takes the next call whose caller still waits, or returns null. */
  @Nullable Call<I, O> poll() {
    Call<I, O> call;
    while ((call = queue.pollFirst()) != null) {
      if (call.state() != Call.LEFT) {
        live--;
        return call;
      }
    }
    return null;
  }

  /** Returns how many queued calls still wait. */
  int live() {
    return live;
  }

  boolean isReady() {
    return ready;
  }

  void ready(boolean ready) {
    this.ready = ready;
  }

  /** Returns the batch collecting more inputs of this group, or null. */
  @Nullable Batch<I, O> collecting() {
    return collecting;
  }

  void collecting(@Nullable Batch<I, O> batch) {
    this.collecting = batch;
  }

  /**
   * Drops the queue if no caller waits in it.
   *
   * @return whether the group is idle and may leave the map of groups
   */
  boolean retireIfIdle() {
    if (live > 0) {
      return false;
    }
    queue.clear();
    return !ready && collecting == null;
  }
}
