package io.github.collapseexecutor.core;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * The executors a {@link BatchFunction} or a {@link MappedBatchFunction} becomes: the three support
 * classes, whose {@code doExecute} asks the function for the distinct keys of the batch and whose
 * {@code bindingOutput} hands each caller the value of its key ({@link KeyedValues}). The class
 * names are the executors' default names.
 */
final class BatchFunctionExecutors {

  private BatchFunctionExecutors() {}

  /** A batch function as the executors call it: the distinct keys in, the values by key out. */
  @FunctionalInterface
  interface Load<K, V extends @Nullable Object> {
    Map<K, V> apply(String executor, Set<K> keys) throws Exception;
  }

  /** A batch function that returns a future, as the future flavour calls it. */
  @FunctionalInterface
  interface LoadLater<K, V extends @Nullable Object> {
    CompletableFuture<Map<K, V>> apply(String executor, Set<K> keys);
  }

  /** Returns how the executors call {@code function}: its values paired with the keys by position. */
  static <K, V extends @Nullable Object> Load<K, V> loadList(BatchFunction<K, V> function) {
    Objects.requireNonNull(function, "function");
    return (executor, keys) -> {
      List<K> list = KeyedValues.asList(keys);
      return KeyedValues.byPosition(executor, list, function.apply(list));
    };
  }

  /** Returns how the executors call {@code function}. */
  static <K, V extends @Nullable Object> Load<K, V> loadMap(MappedBatchFunction<K, V> function) {
    Objects.requireNonNull(function, "function");
    return (executor, keys) -> KeyedValues.byKey(executor, function.apply(keys));
  }

  /** Returns how the future flavour calls a function that returns a stage of a list of values. */
  static <K, V extends @Nullable Object> LoadLater<K, V> loadListLater(
      Function<List<K>, ? extends CompletionStage<List<V>>> function) {
    Objects.requireNonNull(function, "function");
    return (executor, keys) -> {
      List<K> list = KeyedValues.asList(keys);
      return started(executor, function.apply(list))
          .thenApply(values -> KeyedValues.byPosition(executor, list, values));
    };
  }

  /** Returns how the future flavour calls a function that returns a stage of values by key. */
  static <K, V extends @Nullable Object> LoadLater<K, V> loadMapLater(
      Function<Set<K>, ? extends CompletionStage<Map<K, V>>> function) {
    Objects.requireNonNull(function, "function");
    return (executor, keys) ->
        started(executor, function.apply(keys))
            .thenApply(values -> KeyedValues.byKey(executor, values));
  }

  /** Returns the future a function returned, refusing null with an error naming the executor. */
  private static <T> CompletableFuture<T> started(
      String executor, @Nullable CompletionStage<T> stage) {
    return Objects.requireNonNull(
            stage, () -> executor + ": the batch function returned null instead of a future")
        .toCompletableFuture();
  }

  /** The blocking flavour: batches run on a caller's thread. */
  static final class BlockingBatchFunction<K, V extends @Nullable Object>
      extends CollapseExecutorBlockingSupport<K, V, Map<K, V>> {

    private final Load<K, V> load;

    BlockingBatchFunction(CollapseExecutorOptions options, Load<K, V> load) {
      super(options);
      this.load = Objects.requireNonNull(load, "function");
    }

    @Override
    protected Map<K, V> doExecute(Collection<Input<K>> inputs) throws Exception {
      return load.apply(name(), KeyedValues.distinctKeys(inputs));
    }

    @Override
    protected void bindingOutput(Map<K, V> values, List<Bundle<K, V>> bundles) {
      KeyedValues.bind(name(), values, bundles, value -> value);
    }
  }

  /** The async flavour: batches run on the options' executor, or one set before the first call. */
  static final class AsyncBatchFunction<K, V extends @Nullable Object>
      extends CollapseExecutorAsyncSupport<K, V, Map<K, V>> {

    private final Load<K, V> load;

    AsyncBatchFunction(CollapseExecutorOptions options, Load<K, V> load) {
      super(options);
      this.load = Objects.requireNonNull(load, "function");
    }

    @Override
    protected Map<K, V> doExecute(Collection<Input<K>> inputs) throws Exception {
      return load.apply(name(), KeyedValues.distinctKeys(inputs));
    }

    @Override
    protected void bindingOutput(Map<K, V> values, List<Bundle<K, CompletableFuture<V>>> bundles) {
      KeyedValues.bind(name(), values, bundles, CompletableFuture::completedFuture);
    }
  }

  /** The future flavour: the function starts the batch and returns a future of its values. */
  static final class FutureBatchFunction<K, V extends @Nullable Object>
      extends CollapseExecutorFutureSupport<K, V, Map<K, V>> {

    private final LoadLater<K, V> load;

    FutureBatchFunction(CollapseExecutorOptions options, LoadLater<K, V> load) {
      super(options);
      this.load = Objects.requireNonNull(load, "function");
    }

    @Override
    protected CompletableFuture<Map<K, V>> doExecute(Collection<Input<K>> inputs) {
      return load.apply(name(), KeyedValues.distinctKeys(inputs));
    }

    @Override
    protected void bindingOutput(Map<K, V> values, List<Bundle<K, V>> bundles) {
      KeyedValues.bind(name(), values, bundles, value -> value);
    }
  }
}
