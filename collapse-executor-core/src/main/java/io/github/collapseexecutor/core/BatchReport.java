package io.github.collapseexecutor.core;

import org.jspecify.annotations.Nullable;

/**
 * What one batch (or one shared run of same-key work) did.
 *
 * @param executorName the name of the executor that ran it
 * @param size how many calls it served
 * @param collectNanos time from the first input's submission to the start of the work
 * @param executeNanos time the work took ({@code doExecute}, or the shared callable)
 * @param failure the exception the whole batch failed with, or {@code null} if it produced an
 *     output (individual inputs may still have failed through {@link Bundle#fail(Throwable)})
 */
public record BatchReport(
    String executorName, int size, long collectNanos, long executeNanos, @Nullable Throwable failure) {

  /** Returns whether the work produced an output rather than failing as a whole. */
  public boolean succeeded() {
    return failure == null;
  }
}
