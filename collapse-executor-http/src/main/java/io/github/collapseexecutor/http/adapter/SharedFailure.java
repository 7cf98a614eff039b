package io.github.collapseexecutor.http.adapter;

import java.io.IOException;
import java.util.concurrent.CompletionException;

/** The failure of a shared call, handed to each caller that waited for it as its client threw it. */
final class SharedFailure {

  private SharedFailure() {}

  /**
   * Returns {@code failure} to throw, when it is an {@link IOException}, or throws it, when it is
   * unchecked: the exception the client threw to the caller that made the call.
   */
  static IOException rethrow(Throwable failure) {
    if (failure instanceof IOException io) {
      return io;
    }
    if (failure instanceof RuntimeException unchecked) {
      throw unchecked;
    }
    if (failure instanceof Error error) {
      throw error;
    }
    throw new IllegalStateException("the shared call failed", failure);
  }

  /** Returns the failure a stage of a future chain wraps, as the call raised it. */
  static Throwable unwrap(Throwable failure) {
    return failure instanceof CompletionException && failure.getCause() != null
        ? failure.getCause()
        : failure;
  }
}
