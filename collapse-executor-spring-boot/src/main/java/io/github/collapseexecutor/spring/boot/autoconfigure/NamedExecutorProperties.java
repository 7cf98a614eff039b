package io.github.collapseexecutor.spring.boot.autoconfigure;

import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.convert.DurationUnit;
import org.springframework.validation.Errors;
import org.springframework.validation.Validator;

/**
 * The {@code collapse.executor.executors} configuration: named settings for batch and same-key
 * executors, which {@code @Collapsible} and {@code @CollapseBatch} methods pick by name and code
 * reads from {@link NamedExecutors}. Each key left out is taken from the {@code default} entry,
 * then from the top-level key of the same name, then from the core's default.
 *
 * <p>Bad values stop the application at startup: each entry is validated by building its
 * {@link io.github.collapseexecutor.core.CollapseExecutorOptions}, and the report names the key.
 */
@ConfigurationProperties("collapse.executor")
public class NamedExecutorProperties implements Validator {

  /** Named executor settings; the 'default' entry is what the others inherit from. */
  private Map<String, Executor> executors = new LinkedHashMap<>();

  public Map<String, Executor> getExecutors() {
    return executors;
  }

  public void setExecutors(Map<String, Executor> executors) {
    this.executors = executors;
  }

  @Override
  public boolean supports(Class<?> type) {
    return NamedExecutorProperties.class.isAssignableFrom(type);
  }

  @Override
  public void validate(Object target, Errors errors) {
    NamedExecutorSettings.validate((NamedExecutorProperties) target, errors);
  }

  /**
   * The settings of one named executor; a key left unset is inherited. Times are
   * {@link Duration}s whose plain numbers are milliseconds, as for the top-level
   * {@code collecting-wait-time}, so a key means the same at both levels.
   */
  public static class Executor {

    /** Minimum number of collected inputs at which a batch considers the collecting wait. */
    private Integer waitThreshold;

    /**
     * How long a batch that reached the wait threshold waits for more inputs: negative for no
     * wait, 0 to yield the thread once, positive to wait that long.
     */
    @DurationUnit(ChronoUnit.MILLIS)
    private Duration collectingWaitTime;

    /** Maximum number of inputs handed to one batch. */
    private Integer maxBatchSize;

    /** Maximum number of batches the executor runs at once. */
    private Integer maxConcurrentBatches;

    /** Whether the number of batches in flight adapts to the backend's latency. */
    private Boolean adaptiveConcurrency;

    /** Maximum number of inputs waiting for a batch before calls are rejected. */
    private Integer maxPendingInputs;

    /**
     * How long a caller waits for its result before it fails with a timeout; no limit when not
     * set. The work goes on for the other callers.
     */
    @DurationUnit(ChronoUnit.MILLIS)
    private Duration timeout;

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

    public Boolean getAdaptiveConcurrency() {
      return adaptiveConcurrency;
    }

    public void setAdaptiveConcurrency(Boolean adaptiveConcurrency) {
      this.adaptiveConcurrency = adaptiveConcurrency;
    }

    public Integer getMaxPendingInputs() {
      return maxPendingInputs;
    }

    public void setMaxPendingInputs(Integer maxPendingInputs) {
      this.maxPendingInputs = maxPendingInputs;
    }

    public Duration getTimeout() {
      return timeout;
    }

    public void setTimeout(Duration timeout) {
      this.timeout = timeout;
    }
  }
}
