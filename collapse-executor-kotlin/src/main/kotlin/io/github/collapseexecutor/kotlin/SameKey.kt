@file:JvmName("SuspendingSameKey")

package io.github.collapseexecutor.kotlin

import io.github.collapseexecutor.core.FutureCallableGroupCollapseExecutor
import java.util.concurrent.CompletableFuture
import kotlin.coroutines.CoroutineContext
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.Job
import kotlinx.coroutines.currentCoroutineContext
import kotlinx.coroutines.future.await
import kotlinx.coroutines.future.future

/**
 * Runs [block] once for every coroutine that calls this with an equal [group] while it runs, and
 * returns its result to each of them: the first caller starts it, the others suspend until it
 * completes. No thread is blocked while they wait.
 *
 * ```
 * val users = FutureCallableGroupCollapseExecutor()
 *
 * suspend fun user(id: Long): User = users.collapse(id) { client.fetchUser(id) }
 * ```
 *
 * The block runs in a coroutine of its own, in the context of the caller that started it (its
 * dispatcher, its MDC or Reactor context) but not as its child: it belongs to every caller alike. A
 * caller that is cancelled (or whose `withTimeout` fires) leaves alone, with a
 * `CancellationException`, and the others go on and get the result; the block is cancelled only
 * once every caller has left. What the block throws reaches every caller.
 *
 * The executor's name and listener are those of its options; calls of equal groups from the block
 * itself fail, as they would wait for their own result.
 *
 * @param group what tells runs apart, compared by `equals`
 * @throws IllegalStateException if the executor is closed
 */
public suspend fun <T> FutureCallableGroupCollapseExecutor.collapse(
  group: Any,
  block: suspend CoroutineScope.() -> T,
): T {
  val context = currentCoroutineContext().unowned()
  val mine: CompletableFuture<T> = execute(group) { CoroutineScope(context).future(block = block) }
  // await cancels this caller's own future when the caller is cancelled: it leaves the run alone
  return mine.await()
}

/**
 * Returns this context without its job, so that work started in it belongs to no one caller: a
 * caller's cancellation reaches the work only through the executor, once every caller has left.
 * Synthetic, as Kotlin's internal is public to Java and to the API check.
 */
@JvmSynthetic internal fun CoroutineContext.unowned(): CoroutineContext = minusKey(Job)
