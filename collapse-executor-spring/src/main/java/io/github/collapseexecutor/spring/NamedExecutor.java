package io.github.collapseexecutor.spring;

import io.github.collapseexecutor.core.CollapseExecutorOptions;
import java.time.Duration;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The settings of one executor of {@code collapse.executor.executors}: the options a batch
 * executor is built with, and how long each caller waits.
 *
 * @param name the name it is configured and selected by
 * @param options the batch options, named {@code name}, with the listeners of every
 *     {@code CollapseListenerFactory} bean (Spring Boot)
 * @param timeout how long a caller waits for its result, or {@code null} for no limit
 * @param sharedAcrossCallers whether annotated methods that use it share runs and batches across
 *     callers that a {@code CallerIdentity} tells apart
 * @param resultCopier the name of the {@code ResultCopier} bean that copies the results of
 *     annotated methods that use it for the callers that joined a run, or {@code null} for none
 * @param fleet whether the {@code @Collapsible} methods that use it (returning a value, a future
 *     or a {@code Mono}) collapse across the instances that share the fleet tier
 *     ({@code collapse-executor-redis}), behind each instance's own collapse
 */
public record NamedExecutor(String name, CollapseExecutorOptions options,
    @Nullable Duration timeout, boolean sharedAcrossCallers, @Nullable String resultCopier,
    boolean fleet) {

  /** An executor whose methods collapse on their own instance only. */
  public NamedExecutor(String name, CollapseExecutorOptions options, @Nullable Duration timeout,
      boolean sharedAcrossCallers, @Nullable String resultCopier) {
    this(name, options, timeout, sharedAcrossCallers, resultCopier, /* fleet= */ false);
  }

  /**
   * Checks the arguments.
   *
   * @throws IllegalArgumentException if {@code timeout} is negative
   */
  public NamedExecutor {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(options, "options");
    if (timeout != null && timeout.isNegative()) {
      throw new IllegalArgumentException("timeout must not be negative: " + timeout);
    }
  }
}
