package io.github.collapseexecutor.core;

/**
 * Receives what an executor did, for metrics and logs. The Spring Boot module binds it to
 * Micrometer; any other sink can implement it directly.
 *
 * <p>Methods are called on the thread that ran the batch or on the caller's thread, so they must
 * be quick and must not block. Anything a listener throws, an {@link Error} or a checked exception
 * thrown sneakily included, is logged through {@link System.Logger} and otherwise ignored: it never
 * changes what a caller gets, and the executor goes on with its next batch. Only a
 * {@link VirtualMachineError} is thrown on after it is logged, once the batch's callers are
 * settled and its slot is free, since going on after one is not safe.
 *
 * <p>{@link #runStarted} lets a listener act around each run, on the thread that runs the work: a
 * tracing listener opens a span there, so that the backend calls the work makes are its children.
 * With {@link #NONE}, every executor's default, the executors do not even make its argument.
 */
public interface CollapseListener {

  /** A listener that ignores everything; the default of every executor. */
  CollapseListener NONE = new CollapseListener() {};

  /**
   * Called on the thread that is about to run the work of a batch ({@code doExecute}) or of a
   * shared run (the callable), just before it calls it; the returned scope hears when the work
   * returned and when the run ended. Not called for a batch whose callers all left before it
   * started, nor for same-key work that never ran (every caller left first, or the executor
   * refused the task).
   *
   * @return what to tell of the run's end; {@link RunScope#NONE} (the default) for nothing
   */
  default RunScope runStarted(RunStart run) {
    return RunScope.NONE;
  }

  /** Called once for every batch or shared run, after its callers were settled. */
  default void batchCompleted(BatchReport report) {}

  /** Called when a call was refused at submission because too many inputs were pending. */
  default void callRejected(String executorName) {}

  /** Called when a caller stopped waiting because its timeout passed. */
  default void callTimedOut(String executorName) {}

  /**
   * Called when a call did its work itself instead of taking a shared run's result, for
   * {@code reason}, a lower-case tag such as {@code mutable-result}: what runs the executor
   * reports it (the {@code @Collapsible} and {@code @CollapseBatch} methods, whose joiners cannot
   * take a result no one can hand over faithfully); the executors never call it themselves.
   */
  default void callNotCollapsed(String executorName, String reason) {}

  /**
   * Called when a caller that joined a shared run got a copy of its result made for it, which took
   * {@code copyNanos}; reported, like {@link #callNotCollapsed}, by what makes the copies.
   */
  default void resultCopied(String executorName, long copyNanos) {}
}
