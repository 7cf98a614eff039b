package io.github.collapseexecutor.spring;

import io.github.collapseexecutor.core.CollapseExecutorOptions;
import java.time.Duration;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The settings of one executor of {@code collapse.executor.executors}: the options a batch
 * executor is built with, and how long each caller waits.
 *
 * <pre>{@code
 * NamedExecutor.builder("users", CollapseExecutorOptions.builder().name("users").build())
 *     .timeout(Duration.ofSeconds(2))
 *     .build();
 * }</pre>
 *
 * <p>Built with {@link #builder}; equal when every setting is.
 */
public final class NamedExecutor {

  private final String name;
  private final CollapseExecutorOptions options;
  private final @Nullable Duration timeout;
  private final boolean sharedAcrossCallers;
  private final @Nullable String resultCopier;
  private final boolean fleet;
  private final boolean observeOnly;

  private NamedExecutor(Builder builder) {
    this.name = builder.name;
    this.options = builder.options;
    this.timeout = builder.timeout;
    this.sharedAcrossCallers = builder.sharedAcrossCallers;
    this.resultCopier = builder.resultCopier;
    this.fleet = builder.fleet;
    this.observeOnly = builder.observeOnly;
  }

  /**
   * Returns a builder of the executor named {@code name}, built with {@code options}: callers
   * wait without a limit, runs are shared within a caller identity, results are not copied, and
   * calls collapse on their own instance only.
   */
  public static Builder builder(String name, CollapseExecutorOptions options) {
    return new Builder(name, options);
  }

  /** Returns the name it is configured and selected by. */
  public String name() {
    return name;
  }

  /**
   * Returns the batch options, named {@code name}, with the listeners of every
   * {@code CollapseListenerFactory} bean (Spring Boot).
   */
  public CollapseExecutorOptions options() {
    return options;
  }

  /** Returns how long a caller waits for its result, or {@code null} for no limit. */
  public @Nullable Duration timeout() {
    return timeout;
  }

  /**
   * Returns whether annotated methods that use it share runs and batches across callers that a
   * {@code CallerIdentity} tells apart.
   */
  public boolean sharedAcrossCallers() {
    return sharedAcrossCallers;
  }

  /**
   * Returns the name of the {@code ResultCopier} bean that copies the results of annotated
   * methods that use it for the callers that joined a run, or {@code null} for none.
   */
  public @Nullable String resultCopier() {
    return resultCopier;
  }

  /**
   * Returns whether the {@code @Collapsible} methods that use it (returning a value, a future or
   * a {@code Mono}) collapse across the instances that share the fleet tier
   * ({@code collapse-executor-redis}), behind each instance's own collapse.
   */
  public boolean fleet() {
    return fleet;
  }

  /**
   * Returns whether the {@code @Collapsible} and {@code @CollapseBatch} methods that use it only
   * observe: every call runs the method itself, as without collapse (a {@code Mono}'s each
   * subscription counting as a call), and the executor's listener hears what collapse would have
   * made of each call
   * ({@code CollapseListener#callObserved}, {@code CollapseListener#runObserved}).
   */
  public boolean observeOnly() {
    return observeOnly;
  }

  @Override
  public boolean equals(@Nullable Object other) {
    return other instanceof NamedExecutor that
        && name.equals(that.name)
        && options.equals(that.options)
        && Objects.equals(timeout, that.timeout)
        && sharedAcrossCallers == that.sharedAcrossCallers
        && Objects.equals(resultCopier, that.resultCopier)
        && fleet == that.fleet
        && observeOnly == that.observeOnly;
  }

  @Override
  public int hashCode() {
    return Objects.hash(
        name, options, timeout, sharedAcrossCallers, resultCopier, fleet, observeOnly);
  }

  @Override
  public String toString() {
    return "NamedExecutor[name="
        + name
        + ", options="
        + options
        + ", timeout="
        + timeout
        + ", sharedAcrossCallers="
        + sharedAcrossCallers
        + ", resultCopier="
        + resultCopier
        + ", fleet="
        + fleet
        + (observeOnly ? ", observeOnly" : "")
        + "]";
  }

  /** Builds a {@link NamedExecutor}; each setter checks its value at once. */
  public static final class Builder {

    private final String name;
    private final CollapseExecutorOptions options;
    private @Nullable Duration timeout;
    private boolean sharedAcrossCallers;
    private @Nullable String resultCopier;
    private boolean fleet;
    private boolean observeOnly;

    private Builder(String name, CollapseExecutorOptions options) {
      this.name = Objects.requireNonNull(name, "name");
      this.options = Objects.requireNonNull(options, "options");
    }

    /**
     * Sets how long a caller waits for its result; {@code null} for no limit.
     *
     * @throws IllegalArgumentException if {@code timeout} is negative
     */
    public Builder timeout(@Nullable Duration timeout) {
      if (timeout != null && timeout.isNegative()) {
        throw new IllegalArgumentException("timeout must not be negative: " + timeout);
      }
      this.timeout = timeout;
      return this;
    }

    /**
     * Sets whether annotated methods that use it share runs and batches across callers that a
     * {@code CallerIdentity} tells apart.
     */
    public Builder sharedAcrossCallers(boolean sharedAcrossCallers) {
      this.sharedAcrossCallers = sharedAcrossCallers;
      return this;
    }

    /**
     * Sets the name of the {@code ResultCopier} bean that copies results for the callers that
     * joined a run; {@code null} for none.
     */
    public Builder resultCopier(@Nullable String resultCopier) {
      this.resultCopier = resultCopier;
      return this;
    }

    /** Sets whether its {@code @Collapsible} methods collapse across instances too. */
    public Builder fleet(boolean fleet) {
      this.fleet = fleet;
      return this;
    }

    /**
     * Sets whether its {@code @Collapsible} and {@code @CollapseBatch} methods only observe: each
     * call runs the method itself, and the listener hears what collapse would have saved.
     */
    public Builder observeOnly(boolean observeOnly) {
      this.observeOnly = observeOnly;
      return this;
    }

    /** Returns the executor's settings. */
    public NamedExecutor build() {
      return new NamedExecutor(this);
    }
  }
}
