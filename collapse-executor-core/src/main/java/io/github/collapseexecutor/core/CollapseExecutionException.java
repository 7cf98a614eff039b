package io.github.collapseexecutor.core;

/**
 * Thrown by the blocking executors when the collapsed work failed with a checked exception, or when
 * the waiting thread was interrupted. The original exception is the {@linkplain #getCause() cause};
 * unchecked exceptions and errors of the work reach callers as thrown, without this wrapper.
 *
 * <p>When the cause is an {@link InterruptedException} the calling thread's interrupt flag is set
 * again before this exception is thrown.
 */
public class CollapseExecutionException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  /** Creates an exception for {@code cause}, which must not be {@code null}. */
  public CollapseExecutionException(Throwable cause) {
    super(cause.toString(), cause);
  }

  /** Creates an exception with a message and a cause. */
  public CollapseExecutionException(String message, Throwable cause) {
    super(message, cause);
  }
}
