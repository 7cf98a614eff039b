package io.github.collapseexecutor.spring.boot.autoconfigure.actuate;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The batch executor options.
 *
 * <p>Made by the endpoint; its JSON properties are its accessors, in the order declared here.
 */
@JsonPropertyOrder({
  "waitThreshold",
  "collectingWaitTimeMillis",
  "maxBatchSize",
  "maxConcurrentBatches",
  "adaptiveConcurrency",
  "maxPendingInputs"
})
public final class BatchOptionsDescription {

  private final int waitThreshold;
  private final long collectingWaitTimeMillis;
  private final int maxBatchSize;
  private final int maxConcurrentBatches;
  private final boolean adaptiveConcurrency;
  private final int maxPendingInputs;

  BatchOptionsDescription(
      int waitThreshold,
      long collectingWaitTimeMillis,
      int maxBatchSize,
      int maxConcurrentBatches,
      boolean adaptiveConcurrency,
      int maxPendingInputs) {
    this.waitThreshold = waitThreshold;
    this.collectingWaitTimeMillis = collectingWaitTimeMillis;
    this.maxBatchSize = maxBatchSize;
    this.maxConcurrentBatches = maxConcurrentBatches;
    this.adaptiveConcurrency = adaptiveConcurrency;
    this.maxPendingInputs = maxPendingInputs;
  }

  /** Returns the batch size at which a collecting wait is considered. */
  @JsonProperty
  public int waitThreshold() {
    return waitThreshold;
  }

  /** Returns the collecting wait: negative none, 0 yield once. */
  @JsonProperty
  public long collectingWaitTimeMillis() {
    return collectingWaitTimeMillis;
  }

  /** Returns the most inputs per batch; {@value Integer#MAX_VALUE} means no limit. */
  @JsonProperty
  public int maxBatchSize() {
    return maxBatchSize;
  }

  /**
   * Returns the most batches in flight at once: the adaptive limit's ceiling, or the fixed limit.
   */
  @JsonProperty
  public int maxConcurrentBatches() {
    return maxConcurrentBatches;
  }

  /** Returns whether the batches in flight follow the backend's latency. */
  @JsonProperty
  public boolean adaptiveConcurrency() {
    return adaptiveConcurrency;
  }

  /** Returns the inputs that may wait; {@value Integer#MAX_VALUE} means no limit. */
  @JsonProperty
  public int maxPendingInputs() {
    return maxPendingInputs;
  }

  @Override
  public boolean equals(@Nullable Object other) {
    return other instanceof BatchOptionsDescription that
        && waitThreshold == that.waitThreshold
        && collectingWaitTimeMillis == that.collectingWaitTimeMillis
        && maxBatchSize == that.maxBatchSize
        && maxConcurrentBatches == that.maxConcurrentBatches
        && adaptiveConcurrency == that.adaptiveConcurrency
        && maxPendingInputs == that.maxPendingInputs;
  }

  @Override
  public int hashCode() {
    return Objects.hash(
        waitThreshold,
        collectingWaitTimeMillis,
        maxBatchSize,
        maxConcurrentBatches,
        adaptiveConcurrency,
        maxPendingInputs);
  }

  @Override
  public String toString() {
    return "BatchOptionsDescription[waitThreshold="
        + waitThreshold
        + ", collectingWaitTimeMillis="
        + collectingWaitTimeMillis
        + ", maxBatchSize="
        + maxBatchSize
        + ", maxConcurrentBatches="
        + maxConcurrentBatches
        + ", adaptiveConcurrency="
        + adaptiveConcurrency
        + ", maxPendingInputs="
        + maxPendingInputs
        + "]";
  }
}
