package io.github.collapseexecutor.micrometer.annotation;

import io.micrometer.observation.Observation;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jspecify.annotations.Nullable;

/**
 * The {@code collapse.call} observation of one run of a {@code @Collapsible} method, and what a
 * caller that joined the run needs to link to it: the run's span, and once the run ended, the
 * very result it handed out, by which a caller tells its own run from a later one of the same
 * group.
 */
final class ObservedRun {

  private final Observation observation;
  private final @Nullable Object linkTarget;
  private final AtomicBoolean stopped = new AtomicBoolean();
  private @Nullable Object value;
  private @Nullable Throwable failure;

  /** Written last by {@link #ended}, read first by {@link #gave}: it publishes the outcome. */
  private volatile boolean open = true;

  ObservedRun(Observation observation, @Nullable Object linkTarget) {
    this.observation = observation;
    this.linkTarget = linkTarget;
  }

  /** Returns the run's observation. */
  Observation observation() {
    return observation;
  }

  /** Returns what a joined caller's span links to, or {@code null} if the run has no span. */
  @Nullable Object linkTarget() {
    return linkTarget;
  }

  /** Whether the run has not ended yet, so that a caller that joins its group joins this run. */
  boolean isOpen() {
    return open;
  }

  /**
   * Records what every caller of the run gets: its result, or its failure ({@code null} if none).
   * Called before the callers get it.
   */
  void ended(@Nullable Object value, @Nullable Throwable failure) {
    this.value = value;
    this.failure = failure;
    open = false;
  }

  /** Whether a caller that got {@code value} got it from this run. */
  boolean gave(@Nullable Object value) {
    return !open && failure == null && this.value == value;
  }

  /** Returns true the first time only: the run's observation is stopped once. */
  boolean stopping() {
    return stopped.compareAndSet(false, true);
  }

  /**
   * Returns what the callers of a run get for {@code failure}, the failure of the future the
   * method returned: the executor hands out what a future stage wrapped, not the wrapper.
   */
  static Throwable handedOut(Throwable failure) {
    if ((failure instanceof CompletionException || failure instanceof ExecutionException)
        && failure.getCause() != null) {
      return failure.getCause();
    }
    return failure;
  }
}
