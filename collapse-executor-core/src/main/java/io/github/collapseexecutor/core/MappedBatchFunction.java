package io.github.collapseexecutor.core;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * A function from a batch of keys to their values by key, which becomes a batch collapse executor
 * in one line: single calls made at the same time are gathered into one call of the function, and
 * each caller gets the value of its own key.
 *
 * <pre>{@code
 * // Map<Long, User> loadAll(Collection<Long> ids)
 * var users = MappedBatchFunction.blocking(userRepository::loadAll);
 * User user = users.execute(42L);   // one loadAll serves every caller waiting at this moment
 * }</pre>
 *
 * <p>The function gets the distinct keys of a batch, never none, in the order their first callers
 * came; callers of equal keys share one value. Every key should have an entry in the map it
 * returns, mapped to {@code null} where the value type allows it: the caller of a key without one
 * fails alone with a {@link java.util.NoSuchElementException} naming the executor and the key,
 * and the other callers of the batch get their values. An exception the function throws, or a
 * {@code null} map, fails every caller of the batch.
 *
 * <p>The executors are {@link CollapseExecutorBlockingSupport}, {@link CollapseExecutorAsyncSupport}
 * and {@link CollapseExecutorFutureSupport}, with what they say of how batches form, outcomes,
 * timeouts and closing, and with their {@link CollapseExecutorOptions}. A backend that answers with
 * a list in the order of the keys takes a {@link BatchFunction} instead.
 *
 * @param <K> the key, one caller's input
 * @param <V> the value, one caller's output
 */
@FunctionalInterface
public interface MappedBatchFunction<K, V extends @Nullable Object> {

  /**
   * Returns the values of {@code keys} by key.
   *
   * @param keys the distinct keys of one batch, never empty; unmodifiable
   */
  Map<K, V> apply(Set<K> keys) throws Exception;

  /** Returns a blocking executor of {@code function} with the default options. */
  static <K, V extends @Nullable Object> CollapseExecutorBlockingSupport<K, V, ?> blocking(
      MappedBatchFunction<K, V> function) {
    return blocking(function, CollapseExecutorOptions.defaults());
  }

  /**
   * Returns a blocking executor of {@code function}: a caller that finds a free batch slot runs the
   * function on its own thread for the batch, as in {@link CollapseExecutorBlockingSupport}.
   */
  static <K, V extends @Nullable Object> CollapseExecutorBlockingSupport<K, V, ?> blocking(
      MappedBatchFunction<K, V> function, CollapseExecutorOptions options) {
    return new BatchFunctionExecutors.BlockingBatchFunction<>(
        options, BatchFunctionExecutors.loadMap(function));
  }

  /** Returns an async executor of {@code function} with the default options. */
  static <K, V extends @Nullable Object> CollapseExecutorAsyncSupport<K, V, ?> async(
      MappedBatchFunction<K, V> function) {
    return async(function, CollapseExecutorOptions.defaults());
  }

  /**
   * Returns an async executor of {@code function}: callers get futures, and the function runs on
   * the executor of the options, or one {@link CollapseExecutorAsyncSupport#setExecutor set} before
   * the first call, or else on the executor's own daemon threads.
   */
  static <K, V extends @Nullable Object> CollapseExecutorAsyncSupport<K, V, ?> async(
      MappedBatchFunction<K, V> function, CollapseExecutorOptions options) {
    return new BatchFunctionExecutors.AsyncBatchFunction<>(
        options, BatchFunctionExecutors.loadMap(function));
  }

  /** Returns a future executor of {@code function} with the default options. */
  static <K, V extends @Nullable Object> CollapseExecutorFutureSupport<K, V, ?> future(
      Function<Set<K>, ? extends CompletionStage<Map<K, V>>> function) {
    return future(function, CollapseExecutorOptions.defaults());
  }

  /**
   * Returns a future executor of {@code function}, which starts a batch without blocking and
   * returns a stage of its values by key (a reactive or asynchronous client's call), as
   * {@link CollapseExecutorFutureSupport#doExecute} does; a stage that fails, or {@code null},
   * fails every caller of the batch.
   */
  static <K, V extends @Nullable Object> CollapseExecutorFutureSupport<K, V, ?> future(
      Function<Set<K>, ? extends CompletionStage<Map<K, V>>> function,
      CollapseExecutorOptions options) {
    return new BatchFunctionExecutors.FutureBatchFunction<>(
        options, BatchFunctionExecutors.loadMapLater(function));
  }
}
