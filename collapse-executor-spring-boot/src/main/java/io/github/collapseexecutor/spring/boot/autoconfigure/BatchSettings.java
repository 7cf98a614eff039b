package io.github.collapseexecutor.spring.boot.autoconfigure;

import java.time.Duration;
import java.time.temporal.ChronoUnit;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.convert.DurationUnit;

/**
 * The batch executor settings, which bind at the top level of {@code collapse.executor}, in
 * {@code collapse.executor.executors.default} and in each named executor. A key left unset is
 * inherited: a named executor's from {@code default}, {@code default}'s from the top level, the top
 * level's from the core's {@link io.github.collapseexecutor.core.CollapseExecutorOptions}
 * defaults. Times are {@link Duration}s whose plain numbers are milliseconds at every level, so that
 * a key means the same wherever it is set.
 */
class BatchSettings {

  /** Minimum number of collected inputs at which a batch considers the collecting wait. */
  private @Nullable Integer waitThreshold;

  /**
   * How long a batch that reached the wait threshold waits for more inputs: negative for no wait,
   * 0 to yield the thread once, positive to wait that long (milliseconds unless a unit is given).
   */
  @DurationUnit(ChronoUnit.MILLIS)
  private @Nullable Duration collectingWaitTime;

  /** Maximum number of inputs handed to one batch; no limit when not set. */
  private @Nullable Integer maxBatchSize;

  /**
   * Maximum number of batches one batch executor runs at once: the ceiling of the adaptive limit,
   * or the limit itself when adaptive-concurrency is false.
   */
  private @Nullable Integer maxConcurrentBatches;

  /**
   * Whether the number of batches in flight adapts to the backend's latency, from one up to
   * max-concurrent-batches; false always allows max-concurrent-batches.
   */
  private @Nullable Boolean adaptiveConcurrency;

  /**
   * Maximum number of inputs waiting for a batch before calls are rejected; no limit when not set.
   */
  private @Nullable Integer maxPendingInputs;

  public @Nullable Integer getWaitThreshold() {
    return waitThreshold;
  }

  public void setWaitThreshold(@Nullable Integer waitThreshold) {
    this.waitThreshold = waitThreshold;
  }

  public @Nullable Duration getCollectingWaitTime() {
    return collectingWaitTime;
  }

  public void setCollectingWaitTime(@Nullable Duration collectingWaitTime) {
    this.collectingWaitTime = collectingWaitTime;
  }

  public @Nullable Integer getMaxBatchSize() {
    return maxBatchSize;
  }

  public void setMaxBatchSize(@Nullable Integer maxBatchSize) {
    this.maxBatchSize = maxBatchSize;
  }

  public @Nullable Integer getMaxConcurrentBatches() {
    return maxConcurrentBatches;
  }

  public void setMaxConcurrentBatches(@Nullable Integer maxConcurrentBatches) {
    this.maxConcurrentBatches = maxConcurrentBatches;
  }

  public @Nullable Boolean getAdaptiveConcurrency() {
    return adaptiveConcurrency;
  }

  public void setAdaptiveConcurrency(@Nullable Boolean adaptiveConcurrency) {
    this.adaptiveConcurrency = adaptiveConcurrency;
  }

  public @Nullable Integer getMaxPendingInputs() {
    return maxPendingInputs;
  }

  public void setMaxPendingInputs(@Nullable Integer maxPendingInputs) {
    this.maxPendingInputs = maxPendingInputs;
  }
}
