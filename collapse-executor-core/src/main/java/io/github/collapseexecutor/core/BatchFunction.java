package io.github.collapseexecutor.core;

import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * A function from a batch of keys to the list of their values, in the same order, which becomes a
 * batch collapse executor in one line: single calls made at the same time are gathered into one
 * call of the function, and each caller gets the value at its key's position.
 *
 * <pre>{@code
 * // List<Price> pricesOf(List<String> skus), one price per sku, in the order of the skus
 * var prices = BatchFunction.blocking(priceService::pricesOf);
 * Price price = prices.execute("sku-42");
 * }</pre>
 *
 * <p>The function gets the distinct keys of a batch, never none, in the order their first callers
 * came; callers of equal keys share one value. It must return exactly one value per key, in the
 * order of the keys ({@code null} where the value type allows it). A list of another size fails
 * every caller of the batch with an {@link IllegalStateException} that says both sizes; a
 * {@code null} list, or an exception the function throws, fails them all too. A backend that
 * answers by key, and may leave keys out, takes a {@link MappedBatchFunction} instead.
 *
 * <p>The executors are {@link CollapseExecutorBlockingSupport}, {@link CollapseExecutorAsyncSupport}
 * and {@link CollapseExecutorFutureSupport}, with what they say of how batches form, outcomes,
 * timeouts and closing, and with their {@link CollapseExecutorOptions}.
 *
 * @param <K> the key, one caller's input
 * @param <V> the value, one caller's output
 */
@FunctionalInterface
public interface BatchFunction<K, V extends @Nullable Object> {

  /**
   * Returns the values of {@code keys}, one per key, in the same order.
   *
   * @param keys the distinct keys of one batch, never empty; unmodifiable
   */
  List<V> apply(List<K> keys) throws Exception;

  /** Returns a blocking executor of {@code function} with the default options. */
  static <K, V extends @Nullable Object> CollapseExecutorBlockingSupport<K, V, ?> blocking(
      BatchFunction<K, V> function) {
    return blocking(function, CollapseExecutorOptions.defaults());
  }

  /**
   * Returns a blocking executor of {@code function}: a caller that finds a free batch slot runs the
   * function on its own thread for the batch, as in {@link CollapseExecutorBlockingSupport}.
   */
  static <K, V extends @Nullable Object> CollapseExecutorBlockingSupport<K, V, ?> blocking(
      BatchFunction<K, V> function, CollapseExecutorOptions options) {
    return new BatchFunctionExecutors.BlockingBatchFunction<>(
        options, BatchFunctionExecutors.loadList(function));
  }

  /** Returns an async executor of {@code function} with the default options. */
  static <K, V extends @Nullable Object> CollapseExecutorAsyncSupport<K, V, ?> async(
      BatchFunction<K, V> function) {
    return async(function, CollapseExecutorOptions.defaults());
  }

  /**
   * Returns an async executor of {@code function}: callers get futures, and the function runs on
   * the executor of the options, or one {@link CollapseExecutorAsyncSupport#setExecutor set} before
   * the first call, or else on the executor's own daemon threads.
   */
  static <K, V extends @Nullable Object> CollapseExecutorAsyncSupport<K, V, ?> async(
      BatchFunction<K, V> function, CollapseExecutorOptions options) {
    return new BatchFunctionExecutors.AsyncBatchFunction<>(
        options, BatchFunctionExecutors.loadList(function));
  }

  /** Returns a future executor of {@code function} with the default options. */
  static <K, V extends @Nullable Object> CollapseExecutorFutureSupport<K, V, ?> future(
      Function<List<K>, ? extends CompletionStage<List<V>>> function) {
    return future(function, CollapseExecutorOptions.defaults());
  }

  /**
   * Returns a future executor of {@code function}, which starts a batch without blocking and
   * returns a stage of its values (a reactive or asynchronous client's call), as
   * {@link CollapseExecutorFutureSupport#doExecute} does; a stage that fails, or {@code null},
   * fails every caller of the batch.
   */
  static <K, V extends @Nullable Object> CollapseExecutorFutureSupport<K, V, ?> future(
      Function<List<K>, ? extends CompletionStage<List<V>>> function,
      CollapseExecutorOptions options) {
    return new BatchFunctionExecutors.FutureBatchFunction<>(
        options, BatchFunctionExecutors.loadListLater(function));
  }
}
