package io.github.collapseexecutor.core;

/**
 * One run that is about to start, as {@link CollapseListener#runStarted} hears of it: a batch about
 * to be given to {@code doExecute}, or same-key work about to be called for the callers that share
 * it.
 *
 * @param executorName the name of the executor that runs it
 * @param flavour where the executor runs its work and how its callers wait
 * @param batch {@code true} for a batch executor's batch, {@code false} for a same-key executor's
 *     shared run
 * @param size how many calls the run serves: a batch's inputs, which are fixed once it starts; for
 *     a shared run, the callers that joined so far (more may join until it ends: its
 *     {@link BatchReport} has the final count)
 */
public record RunStart(String executorName, Flavour flavour, boolean batch, int size) {

  /** The flavour of an executor. */
  public enum Flavour {
    /**
     * Callers block, and the work runs on a caller's thread ({@link CollapseExecutorBlockingSupport},
     * {@link BlockingCallableGroupCollapseExecutor}).
     */
    BLOCKING,
    /**
     * Callers get futures, and the work runs on the executor's pool
     * ({@link CollapseExecutorAsyncSupport}, {@link AsyncCallableGroupCollapseExecutor}).
     */
    ASYNC,
    /**
     * The work returns a future, and the run ends when that future completes
     * ({@link CollapseExecutorFutureSupport}, {@link FutureCallableGroupCollapseExecutor}).
     */
    FUTURE
  }
}
