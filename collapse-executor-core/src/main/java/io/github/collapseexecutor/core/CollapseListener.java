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
