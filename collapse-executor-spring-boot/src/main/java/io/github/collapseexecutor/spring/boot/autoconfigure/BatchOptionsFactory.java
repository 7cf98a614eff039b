package io.github.collapseexecutor.spring.boot.autoconfigure;

import io.github.collapseexecutor.core.CollapseExecutorOptions;
import io.github.collapseexecutor.spring.NamedExecutor;
import io.github.collapseexecutor.spring.NamedExecutors;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorProperties.NamedExecutorProperties;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorProperties.NamedExecutorProperties.Executor;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Turns {@link BatchSettings} into {@link CollapseExecutorOptions}, resolving their inheritance:
 * the top level on the core's defaults, {@code executors.default} on the top level (or on the
 * application's own {@code CollapseExecutorOptions} bean), every other named executor on
 * {@code default}. Each level only overrides what it sets.
 */
final class BatchOptionsFactory {

  private static final String PREFIX = "collapse.executor.";

  private BatchOptionsFactory() {}

  /** Returns a builder of the top-level options. */
  static CollapseExecutorOptions.Builder topLevel(BatchSettings settings, PropertyErrors errors) {
    CollapseExecutorOptions.Builder builder = CollapseExecutorOptions.builder();
    apply(PREFIX, settings, builder, errors);
    return builder;
  }

  /**
   * Returns the named executors, each on top of {@code base}, or {@code null} when a value was
   * rejected.
   */
  static @Nullable NamedExecutors named(
      NamedExecutorProperties properties,
      CollapseExecutorOptions base,
      CollapseExecutorProperties.@Nullable Mode mode,
      PropertyErrors errors) {
    Executor defaults =
        properties.getExecutors().getOrDefault(NamedExecutors.DEFAULT, new Executor());
    Map<String, NamedExecutor> executors = new LinkedHashMap<>();
    executors.put(
        NamedExecutors.DEFAULT,
        named(NamedExecutors.DEFAULT, base, mode, List.of(defaults), errors));
    properties
        .getExecutors()
        .forEach(
            (name, own) -> {
              if (!name.equals(NamedExecutors.DEFAULT)) {
                executors.put(name, named(name, base, mode, List.of(defaults, own), errors));
              }
            });
    return executors.containsValue(null) ? null : new NamedExecutors(executors);
  }

  /**
   * Applies {@code chain}, most general first, and takes the last timeout it sets; returns
   * {@code null} if the timeout was rejected.
   */
  private static @Nullable NamedExecutor named(
      String name,
      CollapseExecutorOptions base,
      CollapseExecutorProperties.@Nullable Mode mode,
      List<Executor> chain,
      PropertyErrors errors) {
    CollapseExecutorOptions.Builder builder = base.toBuilder().name(name);
    Duration timeout = null;
    String timeoutKey = "";
    for (int i = 0; i < chain.size(); i++) {
      String entry = i == 0 ? NamedExecutors.DEFAULT : name;
      String prefix = PREFIX + "executors." + entry + ".";
      Executor link = chain.get(i);
      apply(prefix, link, builder, errors);
      if (link.getTimeout() != null) {
        timeout = link.getTimeout();
        timeoutKey = prefix + "timeout";
      }
    }
    NamedExecutor.Builder named = NamedExecutor.builder(name, builder.build());
    named.observeOnly(mode == CollapseExecutorProperties.Mode.OBSERVE);
    chain.forEach(link -> link.applyTo(named));
    Duration chosen = timeout;
    return chosen == null
        ? named.build()
        : errors.take(timeoutKey, chosen, () -> named.timeout(chosen).build());
  }

  private static void apply(
      String prefix,
      BatchSettings settings,
      CollapseExecutorOptions.Builder builder,
      PropertyErrors errors) {
    errors.set(prefix + "wait-threshold", settings.getWaitThreshold(), builder::waitThreshold);
    errors.set(
        prefix + "collecting-wait-time",
        settings.getCollectingWaitTime(),
        builder::collectingWaitTime);
    errors.set(prefix + "max-batch-size", settings.getMaxBatchSize(), builder::maxBatchSize);
    errors.set(
        prefix + "max-concurrent-batches",
        settings.getMaxConcurrentBatches(),
        builder::maxConcurrentBatches);
    errors.set(
        prefix + "adaptive-concurrency",
        settings.getAdaptiveConcurrency(),
        builder::adaptiveConcurrency);
    errors.set(
        prefix + "max-pending-inputs", settings.getMaxPendingInputs(), builder::maxPendingInputs);
  }
}
