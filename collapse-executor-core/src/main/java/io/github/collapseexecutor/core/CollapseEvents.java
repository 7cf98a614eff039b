package io.github.collapseexecutor.core;

import org.jspecify.annotations.Nullable;

/**
 * Emits the executors' JDK Flight Recorder events. Each method first asks whether its event is
 * wanted and only then creates it and computes its fields; the arguments are values the engine has
 * at hand anyway.
 */
final class CollapseEvents {

  private static final String BATCH = "batch";
  private static final String SAME_KEY = "same key";

  // Whether an event type is enabled is a static fact of its class, which a recording that starts
  // later rewrites in place; asking one shared instance keeps the disabled path free of
  // allocation even where the compiler would not eliminate a new event object.
  private static final BatchEvent BATCH_PROBE = new BatchEvent();
  private static final CallDroppedEvent DROPPED_PROBE = new CallDroppedEvent();

  private CollapseEvents() {}

  /** Whether a recording wants batch events: the same-key engine reads the clock only then. */
  static boolean batchWanted() {
    return BATCH_PROBE.isEnabled();
  }

  /**
   * Records a finished batch of a batch executor.
   *
   * @param firstSubmittedNanos {@link System#nanoTime()} when its first call came
   * @param startNanos when {@code doExecute} started
   * @param endNanos when it returned
   */
  static void batch(
      String executor,
      int size,
      long firstSubmittedNanos,
      long startNanos,
      long endNanos,
      @Nullable Throwable failure) {
    if (!BATCH_PROBE.isEnabled()) {
      return;
    }
    BatchEvent event = new BatchEvent();
    if (!event.shouldCommit()) {
      return;
    }
    commit(
        event,
        executor,
        BATCH,
        size,
        startNanos - firstSubmittedNanos,
        endNanos - startNanos,
        false,
        failure);
  }

  /**
   * Records a finished shared run of a same-key executor, ending now.
   *
   * @param startNanos when the run started; {@code 0} if the clock was not read, and then the
   *     event is left out: the recording started while the run was in progress
   * @param interrupted whether the run was cut short and its waiting callers start over
   */
  static void sharedRun(
      String executor,
      int size,
      long startNanos,
      boolean interrupted,
      @Nullable Throwable failure) {
    if (startNanos == 0L || !BATCH_PROBE.isEnabled()) {
      return;
    }
    BatchEvent event = new BatchEvent();
    if (!event.shouldCommit()) {
      return;
    }
    commit(
        event, executor, SAME_KEY, size, 0L, System.nanoTime() - startNanos, interrupted, failure);
  }

  private static void commit(
      BatchEvent event,
      String executor,
      String kind,
      int size,
      long waitNanos,
      long executeNanos,
      boolean interrupted,
      @Nullable Throwable failure) {
    event.executor = executor;
    event.kind = kind;
    event.size = size;
    event.waitBeforeStart = waitNanos;
    event.executionTime = executeNanos;
    event.outcome = failure != null ? "failed" : interrupted ? "interrupted" : "succeeded";
    event.failure = failure == null ? null : failure.getClass();
    event.commit();
  }

  /** Records a call refused at submission because too many inputs were pending. */
  static void rejected(String executor) {
    dropped(executor, "rejected");
  }

  /** Records a call whose caller stopped waiting because its timeout passed. */
  static void timedOut(String executor) {
    dropped(executor, "timed out");
  }

  private static void dropped(String executor, String reason) {
    if (!DROPPED_PROBE.isEnabled()) {
      return;
    }
    CallDroppedEvent event = new CallDroppedEvent();
    if (!event.shouldCommit()) {
      return;
    }
    event.executor = executor;
    event.reason = reason;
    event.commit();
  }
}
