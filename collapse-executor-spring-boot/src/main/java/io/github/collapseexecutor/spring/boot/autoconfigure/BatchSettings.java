package io.github.collapseexecutor.spring.boot.autoconfigure;

import java.time.Duration;
import java.time.temporal.ChronoUnit;
import org.springframework.boot.convert.DurationUnit;

/**
 * The batch executor settings, which bind at the top level of {@code collapse.executor}, in
 * {@code collapse.executor.executors.default} and in each named executor. A key left unset is
 * inherited: a named executor's from {@code default}, {@code default}'s from the top level, the top
 * level's from the core's {@link io.github.collapseexecutor.core.CollapseExecutorOptions}
 * defaults. Times are {@link Duration}s whose plain numbers are milliseconds, as the classic
 * {@code collecting-wait-time} is, so that a key means the same at every level.
 */
public class BatchSettings {

  /** Minimum number of collected inputs at which a batch considers the collecting wait. */
  private Integer waitThreshold;

  /**
   * How long a batch that reached the wait threshold waits for more inputs: negative for no wait,
   * 0 to yield the thread once, positive to wait that long (milliseconds unless a unit is given).
   */
  @DurationUnit(ChronoUnit.MILLIS)
  private Duration collectingWaitTime;

  /** Maximum number of inputs handed to one batch; no limit when not set. */
  private Integer maxBatchSize;

  /** Maximum number of batches one batch executor runs at once. */
  private Integer maxConcurrentBatches;

  /**
   * Maximum number of inputs waiting for a batch before calls are rejected; no limit when not set.
   */
  private Integer maxPendingInputs;

  public Integer getWaitThreshold() {
    return waitThreshold;
  }

  public void setWaitThreshold(Integer waitThreshold) {
    this.waitThreshold = waitThreshold;
  }

  public Duration getCollectingWaitTime() {
    return collectingWaitTime;
  }

  public void setCollectingWaitTime(Duration collectingWaitTime) {
    this.collectingWaitTime = collectingWaitTime;
  }

  public Integer getMaxBatchSize() {
    return maxBatchSize;
  }

  public void setMaxBatchSize(Integer maxBatchSize) {
    this.maxBatchSize = maxBatchSize;
  }

  public Integer getMaxConcurrentBatches() {
    return maxConcurrentBatches;
  }

  public void setMaxConcurrentBatches(Integer maxConcurrentBatches) {
    this.maxConcurrentBatches = maxConcurrentBatches;
  }

  public Integer getMaxPendingInputs() {
    return maxPendingInputs;
  }

  public void setMaxPendingInputs(Integer maxPendingInputs) {
    this.maxPendingInputs = maxPendingInputs;
  }
}
