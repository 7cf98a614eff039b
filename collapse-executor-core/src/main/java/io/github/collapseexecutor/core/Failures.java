package io.github.collapseexecutor.core;

import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/** How failures reach the callers of each flavour. */
final class Failures {

  private Failures() {}

  /**
   * Throws an unchecked exception or error as it is, and a checked one wrapped in
   * {@link CollapseExecutionException}; an {@link InterruptedException} also sets the current
   * thread's interrupt flag again. Declared to return so callers can write {@code throw rethrow(e)}.
   */
  static RuntimeException rethrow(Throwable failure) {
    if (failure instanceof RuntimeException unchecked) {
      throw unchecked;
    }
    if (failure instanceof Error error) {
      throw error;
    }
    if (failure instanceof InterruptedException) {
      Thread.currentThread().interrupt();
    }
    throw new CollapseExecutionException(failure);
  }

  /** Returns the exception a {@link java.util.concurrent.CompletableFuture} stage wrapped. */
  static Throwable unwrap(Throwable failure) {
    if ((failure instanceof CompletionException || failure instanceof ExecutionException)
        && failure.getCause() != null) {
      return failure.getCause();
    }
    return failure;
  }
}
