package io.github.collapseexecutor.core;

/** Dispatches started batches: to a leader thread, an executor, or the current thread. */
@FunctionalInterface
interface BatchDispatcher<I, O> {

  /**
   * Takes a batch that holds a slot.
   *
   * @return false if nobody can run it because every caller in it has left; the engine then
   *     drops it and frees its slot
   */
  boolean offer(Batch<I, O> batch);
}
