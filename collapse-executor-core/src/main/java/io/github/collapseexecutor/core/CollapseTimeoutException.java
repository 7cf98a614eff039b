package io.github.collapseexecutor.core;

/**
 * Thrown by a blocking {@code execute(..., Duration timeout)} when the caller's result did not
 * arrive in time. Only that caller stops waiting: the batch or the shared work it was part of goes
 * on for the others, and its input is dropped if its batch had not started yet.
 */
public class CollapseTimeoutException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  /** Creates an exception with the given message. */
  public CollapseTimeoutException(String message) {
    super(message);
  }
}
