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

  /**
   * Returns the caller's input, the same as {@link #value()}: an alias for code written for the
   * classic collapse-executor API ({@code com.icodening.collapse.core}), whose inputs and bundles
   * named it so, kept so that such {@code doExecute} and {@code bindingOutput} methods compile
   * unchanged. New code calls {@link #value()}.
   */
  default I getInput() {
    return value();
  }
}
