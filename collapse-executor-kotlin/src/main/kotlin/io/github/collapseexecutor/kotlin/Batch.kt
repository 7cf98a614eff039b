@file:JvmName("SuspendingBatch")

package io.github.collapseexecutor.kotlin

import io.github.collapseexecutor.core.BatchFunction
import io.github.collapseexecutor.core.CollapseExecutorFutureSupport
import io.github.collapseexecutor.core.CollapseExecutorOptions
import io.github.collapseexecutor.core.MappedBatchFunction
import kotlin.coroutines.CoroutineContext
import kotlin.coroutines.EmptyCoroutineContext
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.Job
import kotlinx.coroutines.SupervisorJob
import kotlinx.coroutines.future.await
import kotlinx.coroutines.future.future

/**
 * Returns a batch executor of a suspending [function] from a batch of keys to their values, in the
 * same order: single calls of [collapse] made at the same time are gathered into one call of the
 * function, and each caller gets the value at its key's position.
 *
 * ```
 * val prices = suspendingBatch<String, Price> { skus -> priceClient.prices(skus) }
 *
 * suspend fun price(sku: String): Price = prices.collapse(sku)
 * ```
 *
 * Batches form as in the core's future flavour ([BatchFunction.future]), with its rules for the
 * function's result: the distinct keys of a batch in the order their first callers came, exactly
 * one value per key. The function runs in a coroutine of [context] (its dispatcher, or
 * `Dispatchers.Default`), a child of its job if it has one, so that cancelling that job cancels the
 * batches in progress; one batch that fails fails its own callers only.
 *
 * @param options the core's batch options: name, listener, limits, collecting wait
 * @param context where the function runs
 */
public fun <K : Any, V> suspendingBatch(
  options: CollapseExecutorOptions = CollapseExecutorOptions.defaults(),
  context: CoroutineContext = EmptyCoroutineContext,
  function: suspend (List<K>) -> List<V>,
): CollapseExecutorFutureSupport<K, V, *> {
  val scope = batchScope(context)
  return BatchFunction.future({ keys -> scope.future { function(keys) } }, options)
}

/**
 * Returns a batch executor of a suspending [function] from a batch of keys to their values by key,
 * as [suspendingBatch] does for a function that answers with a list: the caller of a key that the
 * map leaves out fails alone with a `NoSuchElementException`, as in [MappedBatchFunction].
 *
 * @param options the core's batch options: name, listener, limits, collecting wait
 * @param context where the function runs
 */
public fun <K : Any, V> suspendingMappedBatch(
  options: CollapseExecutorOptions = CollapseExecutorOptions.defaults(),
  context: CoroutineContext = EmptyCoroutineContext,
  function: suspend (Set<K>) -> Map<K, V>,
): CollapseExecutorFutureSupport<K, V, *> {
  val scope = batchScope(context)
  return MappedBatchFunction.future({ keys -> scope.future { function(keys) } }, options)
}

/**
 * Returns the value of [key], computed in a batch with the keys of concurrent callers; suspends
 * until its batch completes, blocking no thread.
 *
 * A caller that is cancelled leaves alone: its key is dropped if its batch has not started, and the
 * other callers of the batch get their values. What the batch function throws reaches every caller
 * of the batch.
 *
 * @throws IllegalStateException if the executor is closed
 * @throws java.util.concurrent.RejectedExecutionException if too many keys are pending
 */
public suspend fun <K : Any, V> CollapseExecutorFutureSupport<K, V, *>.collapse(key: K): V =
  execute(key).await()

/** A scope whose batches fail alone: a supervisor under the job of [context], if any. */
private fun batchScope(context: CoroutineContext): CoroutineScope =
  CoroutineScope(context + SupervisorJob(context[Job]))
