package io.github.collapseexecutor.core.jfr;

/**
 * Emits the executors' JDK Flight Recorder events. Each method first asks whether its event is
 * wanted, which costs a field read when no recording enables it, and only then computes fields;
 * the arguments are values the engine has at hand anyway.
 */
public final class CollapseEvents {

  /** {@link BatchEvent#kind} of a batch executor's batch. */
  public static final String BATCH = "batch";
  /** {@link BatchEvent#kind} of a same-key executor's shared run. */
  public static final String SAME_KEY = "same key";

  private CollapseEvents() {}

  /** Whether a recording wants batch events: the same-key engine reads the clock only then. */
  public static boolean batchWanted() {
    return new BatchEvent().isEnabled();
  }

  /**
   * Records a finished batch or shared run.
   *
   * @param firstSubmittedNanos {@link System#nanoTime()} when its first call came, or {@code
   *     startNanos} if unknown
   * @param startNanos when the work started; {@code 0} if the clock was not read, and then the
   *     event is left out: the recording started while the run was in progress
   * @param interrupted whether the run was cut short and its waiting callers start over
   */
  public static void batch(String executor, String kind, int size, long firstSubmittedNanos,
      long startNanos, long endNanos, boolean interrupted, Throwable failure) {
    BatchEvent event = new BatchEvent();
    if (!event.shouldCommit() || startNanos == 0L) {
      return;
    }
    event.executor = executor;
    event.kind = kind;
    event.size = size;
    event.waitBeforeStart = startNanos - firstSubmittedNanos;
    event.executionTime = endNanos - startNanos;
    event.outcome = failure != null ? "failed" : interrupted ? "interrupted" : "succeeded";
    event.failure = failure == null ? null : failure.getClass().getName();
    event.commit();
  }

  /** Records a call refused at submission because too many inputs were pending. */
  public static void rejected(String executor) {
    dropped(executor, "rejected");
  }

  /** Records a call whose caller stopped waiting because its timeout passed. */
  public static void timedOut(String executor) {
    dropped(executor, "timed out");
  }

  private static void dropped(String executor, String reason) {
    CallDroppedEvent event = new CallDroppedEvent();
    if (!event.shouldCommit()) {
      return;
    }
    event.executor = executor;
    event.reason = reason;
    event.commit();
  }
}
