package io.github.collapseexecutor.spring.boot.autoconfigure;

import io.github.collapseexecutor.core.CollapseExecutorOptions;
import io.github.collapseexecutor.spring.boot.autoconfigure.NamedExecutorProperties.Executor;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;
import org.springframework.validation.Errors;

/**
 * Turns {@code collapse.executor.executors} into {@link NamedExecutors}. The values are checked by
 * the builders that take them ({@link CollapseExecutorOptions.Builder} and
 * {@link NamedExecutor}), at binding time and again when the executors are built, so that the
 * rules live in one place.
 */
final class NamedExecutorSettings {

  private static final String PREFIX = "collapse.executor.executors.";

  private NamedExecutorSettings() {}

  /** Reports every value the builders reject, on its field, with its key. */
  static void validate(NamedExecutorProperties properties, Errors errors) {
    properties.getExecutors().forEach((name, executor) -> apply(name, executor,
        CollapseExecutorOptions.builder(), (field, key, value, reason) -> {
          String shown = value instanceof String ? "'" + value + "'" : String.valueOf(value);
          errors.rejectValue(field, "collapse.executor.invalid", key + "=" + shown + " " + reason);
        }));
  }

  /**
   * Returns the named executors: {@code default} on top of {@code base}, and every other entry on
   * top of {@code default}.
   */
  static NamedExecutors build(NamedExecutorProperties properties, CollapseExecutorOptions base) {
    Executor defaults = properties.getExecutors().getOrDefault(NamedExecutors.DEFAULT,
        new Executor());
    Map<String, NamedExecutor> executors = new LinkedHashMap<>();
    executors.put(NamedExecutors.DEFAULT, build(NamedExecutors.DEFAULT, base, defaults, null));
    properties.getExecutors().forEach((name, own) -> {
      if (!name.equals(NamedExecutors.DEFAULT)) {
        executors.put(name, build(name, base, defaults, own));
      }
    });
    return new NamedExecutors(executors);
  }

  private static NamedExecutor build(String name, CollapseExecutorOptions base, Executor defaults,
      Executor own) {
    CollapseExecutorOptions.Builder builder = base.toBuilder().name(name);
    apply(name, defaults, builder, NamedExecutorSettings::fail);
    Duration timeout = defaults.getTimeout();
    if (own != null) {
      apply(name, own, builder, NamedExecutorSettings::fail);
      timeout = own.getTimeout() != null ? own.getTimeout() : timeout;
    }
    return new NamedExecutor(name, builder.build(), timeout);
  }

  private static void apply(String name, Executor executor, CollapseExecutorOptions.Builder builder,
      Problems problems) {
    Setter setter = new Setter(name, problems);
    setter.set("waitThreshold", "wait-threshold", executor.getWaitThreshold(),
        builder::waitThreshold);
    setter.set("collectingWaitTime", "collecting-wait-time", executor.getCollectingWaitTime(),
        builder::collectingWaitTime);
    setter.set("maxBatchSize", "max-batch-size", executor.getMaxBatchSize(),
        builder::maxBatchSize);
    setter.set("maxConcurrentBatches", "max-concurrent-batches",
        executor.getMaxConcurrentBatches(), builder::maxConcurrentBatches);
    setter.set("adaptiveConcurrency", "adaptive-concurrency",
        executor.getAdaptiveConcurrency(), builder::adaptiveConcurrency);
    setter.set("maxPendingInputs", "max-pending-inputs", executor.getMaxPendingInputs(),
        builder::maxPendingInputs);
    setter.set("timeout", "timeout", executor.getTimeout(),
        timeout -> new NamedExecutor(name, CollapseExecutorOptions.defaults(), timeout));
  }

  private static void fail(String field, String key, Object value, String reason) {
    throw new IllegalArgumentException(key + "=" + value + " " + reason);
  }

  /** Where a rejected value goes. */
  @FunctionalInterface
  private interface Problems {
    void report(String field, String key, Object value, String reason);
  }

  /** Hands each set value of one entry to its builder method and reports what it rejects. */
  private record Setter(String name, Problems problems) {

    <T> void set(String field, String key, T value, Consumer<T> builderMethod) {
      if (value == null) {
        return;
      }
      try {
        builderMethod.accept(value);
      } catch (IllegalArgumentException rejected) {
        problems.report("executors[" + name + "]." + field, PREFIX + name + "." + key, value,
            rejected.getMessage());
      }
    }
  }
}
