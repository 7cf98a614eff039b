package io.github.collapseexecutor.core;

/**
 * One caller's input as handed to {@code doExecute}. Two calls with equal values are two inputs:
 * a batch may hold the same value more than once, and each occurrence gets its own output.
 *
 * @param <I> the input type
 */
public interface Input<I> {

  /** Returns the value the caller passed to {@code execute}; never {@code null}. */
  I value();
}
