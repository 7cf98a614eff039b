package io.github.collapseexecutor.core;

import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * Immutable settings of a batch collapse executor. Build with {@link #builder()}; every setting has
 * a default, so {@code CollapseExecutorOptions.defaults()} is a complete configuration.
 *
 * <pre>{@code
 * CollapseExecutorOptions options = CollapseExecutorOptions.builder()
 *     .name("users")
 *     .maxBatchSize(500)              // the backend accepts at most 500 ids per query
 *     .maxConcurrentBatches(4)        // never more than 4 queries in flight
 *     .adaptiveConcurrency(false)     // always allow 4, whatever the latency
 *     .maxPendingInputs(10_000)       // beyond that, fail fast instead of queueing
 *     .build();
 * }</pre>
 *
 * <h2>How batches form</h2>
 * A call that finds a free batch slot (see {@link Builder#maxConcurrentBatches(int)}) starts a batch
 * at once, so a lone call pays no waiting time. While every slot is busy, new inputs queue; when a
 * slot frees, the next batch takes what queued (up to {@link Builder#maxBatchSize(int)}). Batches
 * therefore grow with load by themselves. {@link Builder#waitThreshold(int)} and
 * {@link Builder#collectingWaitTime(Duration)} may trade a little latency for bigger batches.
 */
public final class CollapseExecutorOptions {

  /** Default {@link Builder#waitThreshold(int)}: a batch of 10 inputs or more may wait. */
  public static final int DEFAULT_WAIT_THRESHOLD = 10;

  /** A {@link Builder#collectingWaitTime(Duration)} that never waits. */
  public static final Duration NO_WAIT = Duration.ofMillis(-1);

  /**
   * Default {@link Builder#collectingWaitTime(Duration)}: no wait. Under load, batches grow
   * without one; a wait, even a yield, keeps the batch slot busy while the thread is off the CPU.
   */
  public static final Duration DEFAULT_COLLECTING_WAIT_TIME = NO_WAIT;

  /** Default {@link Builder#maxBatchSize(int)}: no limit. */
  public static final int DEFAULT_MAX_BATCH_SIZE = Integer.MAX_VALUE;

  /**
   * Default {@link Builder#maxConcurrentBatches(int)}: the ceiling of the adaptive limit, or the
   * limit itself when {@link Builder#adaptiveConcurrency(boolean)} is off. Sixteen is the size of
   * a generous connection pool: each batch carries every input that queued, so a few batches in
   * flight already serve hundreds of callers, and an executor should not take more of a backend
   * than one pool would even when latency misleads it.
   */
  public static final int DEFAULT_MAX_CONCURRENT_BATCHES = 16;

  /** Default {@link Builder#adaptiveConcurrency(boolean)}: adapt to the backend's latency. */
  public static final boolean DEFAULT_ADAPTIVE_CONCURRENCY = true;

  /** Default {@link Builder#maxPendingInputs(int)}: no limit. */
  public static final int DEFAULT_MAX_PENDING_INPUTS = Integer.MAX_VALUE;

  private static final CollapseExecutorOptions DEFAULTS = builder().build();

  /** A copy of the builder that built these options, which nothing else can reach or change. */
  private final Builder values;

  private CollapseExecutorOptions(Builder builder) {
    this.values = new Builder(builder);
  }

  /** Returns the options with every setting at its default. */
  public static CollapseExecutorOptions defaults() {
    return DEFAULTS;
  }

  /** Returns a builder with every setting at its default. */
  public static Builder builder() {
    return new Builder();
  }

  /** Returns a builder that starts from these options. */
  public Builder toBuilder() {
    return new Builder(values);
  }

  /** Returns the {@link Builder#name(String) name}; {@code null} means the class's simple name. */
  public @Nullable String name() {
    return values.settings.name();
  }

  /** Returns the {@link Builder#waitThreshold(int) waitThreshold}. */
  public int waitThreshold() {
    return values.waitThreshold;
  }

  /** Returns the {@link Builder#collectingWaitTime(Duration) collectingWaitTime}. */
  public Duration collectingWaitTime() {
    return values.collectingWaitTime;
  }

  /** Returns the {@link Builder#maxBatchSize(int) maxBatchSize}. */
  public int maxBatchSize() {
    return values.maxBatchSize;
  }

  /** Returns the {@link Builder#maxConcurrentBatches(int) maxConcurrentBatches}. */
  public int maxConcurrentBatches() {
    return values.maxConcurrentBatches;
  }

  /** Returns the {@link Builder#adaptiveConcurrency(boolean) adaptiveConcurrency}. */
  public boolean adaptiveConcurrency() {
    return values.adaptiveConcurrency;
  }

  /** Returns the {@link Builder#maxPendingInputs(int) maxPendingInputs}. */
  public int maxPendingInputs() {
    return values.maxPendingInputs;
  }

  /** Returns the {@link Builder#inputGrouper(Function) inputGrouper}; {@code null}: none. */
  public @Nullable Function<Object, ?> inputGrouper() {
    return values.inputGrouper;
  }

  /** Returns the {@link Builder#listener(CollapseListener) listener}. */
  public CollapseListener listener() {
    return values.settings.listener();
  }

  /** Returns the {@link Builder#executor(Executor) executor}, or {@code null} for an own pool. */
  public @Nullable Executor executor() {
    return values.settings.executor();
  }

  @Override
  public String toString() {
    return values.settings.describe(
        "CollapseExecutorOptions",
        ", waitThreshold="
            + values.waitThreshold
            + ", collectingWaitTime="
            + values.collectingWaitTime
            + ", maxBatchSize="
            + values.maxBatchSize
            + ", maxConcurrentBatches="
            + values.maxConcurrentBatches
            + ", adaptiveConcurrency="
            + values.adaptiveConcurrency
            + ", maxPendingInputs="
            + values.maxPendingInputs
            + ", inputGrouper="
            + (values.inputGrouper == null ? "none" : values.inputGrouper));
  }

  /** Builds {@link CollapseExecutorOptions}; each setter validates its value at once. */
  public static final class Builder extends OptionsBuilder<Builder> {

    private int waitThreshold = DEFAULT_WAIT_THRESHOLD;
    private Duration collectingWaitTime = DEFAULT_COLLECTING_WAIT_TIME;
    private int maxBatchSize = DEFAULT_MAX_BATCH_SIZE;
    private int maxConcurrentBatches = DEFAULT_MAX_CONCURRENT_BATCHES;
    private boolean adaptiveConcurrency = DEFAULT_ADAPTIVE_CONCURRENCY;
    private int maxPendingInputs = DEFAULT_MAX_PENDING_INPUTS;
    private @Nullable Function<Object, ?> inputGrouper;

    private Builder() {}

    private Builder(Builder from) {
      this.settings = from.settings;
      this.waitThreshold = from.waitThreshold;
      this.collectingWaitTime = from.collectingWaitTime;
      this.maxBatchSize = from.maxBatchSize;
      this.maxConcurrentBatches = from.maxConcurrentBatches;
      this.adaptiveConcurrency = from.adaptiveConcurrency;
      this.maxPendingInputs = from.maxPendingInputs;
      this.inputGrouper = from.inputGrouper;
    }

    /**
     * Sets the minimum number of collected inputs at which the executor considers the collecting
     * wait; smaller batches start at once. Default {@value CollapseExecutorOptions#DEFAULT_WAIT_THRESHOLD}.
     *
     * @throws IllegalArgumentException if {@code waitThreshold} is negative
     */
    public Builder waitThreshold(int waitThreshold) {
      if (waitThreshold < 0) {
        throw new IllegalArgumentException("waitThreshold must not be negative: " + waitThreshold);
      }
      this.waitThreshold = waitThreshold;
      return this;
    }

    /**
     * Sets how long a batch that reached the wait threshold waits for more inputs before it
     * starts: negative for no wait, zero to yield the thread once, positive to wait until that much
     * time has passed since the batch's first input was submitted (a deadline, never a debounce).
     * The wait ends early when the batch is full. Default: no wait.
     */
    public Builder collectingWaitTime(Duration collectingWaitTime) {
      this.collectingWaitTime = Objects.requireNonNull(collectingWaitTime, "collectingWaitTime");
      return this;
    }

    /**
     * Sets the maximum number of inputs handed to one {@code doExecute}; more pending inputs are
     * split into several batches. Default: no limit.
     *
     * @throws IllegalArgumentException if {@code maxBatchSize} is not positive
     */
    public Builder maxBatchSize(int maxBatchSize) {
      this.maxBatchSize = requirePositive("maxBatchSize", maxBatchSize);
      return this;
    }

    /**
     * Sets the most batches one executor runs at once. While all allowed batches are busy, inputs
     * queue and form the next batch, which is what makes batches grow under load. Below the limit
     * every call runs at once, alone.
     *
     * <p>With {@link #adaptiveConcurrency(boolean)} on (the default) this is a ceiling: the
     * executor starts with one batch in flight, allows more while the backend's latency stays near
     * its lowest, and fewer as soon as it rises. With it off, this many batches may always run: one
     * is a database's group commit; a large value (up to {@link Integer#MAX_VALUE}, no limit)
     * makes the executor cost about a direct call until that many calls are in flight. Default
     * {@value CollapseExecutorOptions#DEFAULT_MAX_CONCURRENT_BATCHES}.
     *
     * @throws IllegalArgumentException if {@code maxConcurrentBatches} is not positive
     */
    public Builder maxConcurrentBatches(int maxConcurrentBatches) {
      this.maxConcurrentBatches = requirePositive("maxConcurrentBatches", maxConcurrentBatches);
      return this;
    }

    /**
     * Sets whether the number of batches in flight adapts to the backend: it starts at one, grows
     * while batch latency stays near its lowest and shrinks when latency rises, never above
     * {@link #maxConcurrentBatches(int)}. Turn it off to always allow
     * {@code maxConcurrentBatches}: for a backend whose latency says nothing about its load (a
     * queue that answers at once), or to reproduce a fixed group commit. Default: on.
     */
    public Builder adaptiveConcurrency(boolean adaptiveConcurrency) {
      this.adaptiveConcurrency = adaptiveConcurrency;
      return this;
    }

    /**
     * Sets how many inputs may wait for a batch; a call beyond that fails at submission with a
     * {@link java.util.concurrent.RejectedExecutionException}. Default: no limit.
     *
     * @throws IllegalArgumentException if {@code maxPendingInputs} is not positive
     */
    public Builder maxPendingInputs(int maxPendingInputs) {
      this.maxPendingInputs = requirePositive("maxPendingInputs", maxPendingInputs);
      return this;
    }

    /**
     * Sets which inputs may share one {@code doExecute}: inputs whose keys are equal. For example
     * {@code order -> order.tenantId()} keeps every batch to one tenant. The grouper runs on the
     * caller's thread and must return a non-null key. Default: every input may share a batch.
     */
    @SuppressWarnings("unchecked")
    public Builder inputGrouper(Function<?, ?> inputGrouper) {
      this.inputGrouper =
          (Function<Object, ?>) Objects.requireNonNull(inputGrouper, "inputGrouper");
      return this;
    }

    /** Returns the options. */
    public CollapseExecutorOptions build() {
      return new CollapseExecutorOptions(this);
    }

    private static int requirePositive(String setting, int value) {
      if (value <= 0) {
        throw new IllegalArgumentException(setting + " must be positive: " + value);
      }
      return value;
    }
  }
}
