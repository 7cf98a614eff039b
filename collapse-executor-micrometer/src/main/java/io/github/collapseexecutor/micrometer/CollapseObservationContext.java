package io.github.collapseexecutor.micrometer;

import io.github.collapseexecutor.core.SharedCallOutcome;
import io.micrometer.observation.Observation;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * What one shared call is observed with: the executor and collapse group it belongs to, and once
 * it ends, how many requests shared it and how it ended. A {@link CollapseObservationConvention}
 * turns it into the observation's name and keys.
 */
public final class CollapseObservationContext extends Observation.Context {

  private final String executorName;
  private final @Nullable String groupName;
  private volatile int batchSize;
  private volatile SharedCallOutcome outcome = SharedCallOutcome.IN_PROGRESS;
  private volatile @Nullable String reason;

  /**
   * Creates the context of one shared call.
   *
   * @param executorName the executor's name
   * @param groupName the collapse group's name, or {@code null} if the executor has no groups
   */
  public CollapseObservationContext(String executorName, @Nullable String groupName) {
    this.executorName = Objects.requireNonNull(executorName, "executorName");
    this.groupName = groupName;
  }

  /** Returns the name of the executor that made the shared call. */
  public String executorName() {
    return executorName;
  }

  /** Returns the name of the collapse group of the call, or {@code null} if there is none. */
  public @Nullable String groupName() {
    return groupName;
  }

  /** Returns how many callers shared the call, itself included; 0 until it ended. */
  public int batchSize() {
    return batchSize;
  }

  /** Returns how the call ended; {@link SharedCallOutcome#IN_PROGRESS} until then. */
  public SharedCallOutcome outcome() {
    return outcome;
  }

  /**
   * Returns why the response was not shared ({@code set-cookie}, {@code too-large}, ...), or
   * {@code null} if it was, or the call is still in progress.
   */
  public @Nullable String reason() {
    return reason;
  }

  /**
   * Records how the call ended; called once, before the observation stops.
   *
   * @param batchSize how many callers shared the call
   * @param outcome how it ended
   * @param reason why its response was not shared, or {@code null}
   */
  public void ended(int batchSize, SharedCallOutcome outcome, @Nullable String reason) {
    this.batchSize = batchSize;
    this.outcome = Objects.requireNonNull(outcome, "outcome");
    this.reason = reason;
  }
}
