package io.github.collapseexecutor.core;

/**
 * Receives what an executor did, for metrics and logs. The Spring Boot module binds it to
 * Micrometer; any other sink can implement it directly.
 *
 * <p>Methods are called on the thread that ran the batch or on the caller's thread, so they must
 * be quick and must not block. An exception thrown by a listener is logged and otherwise ignored:
 * it never changes what a caller gets.
 */
public interface CollapseListener {

  /** A listener that ignores everything; the default of every executor. */
  CollapseListener NONE = new CollapseListener() {};

  /** Called once for every batch or shared run, after its callers were settled. */
  default void batchCompleted(BatchReport report) {}

  /** Called when a call was refused at submission because too many inputs were pending. */
  default void callRejected(String executorName) {}

  /** Called when a caller stopped waiting because its timeout passed. */
  default void callTimedOut(String executorName) {}
}
