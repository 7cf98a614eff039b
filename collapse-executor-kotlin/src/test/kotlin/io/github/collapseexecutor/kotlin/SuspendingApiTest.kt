package io.github.collapseexecutor.kotlin

import io.github.collapseexecutor.core.CollapseExecutorOptions
import io.github.collapseexecutor.core.FutureCallableGroupCollapseExecutor
import java.util.concurrent.CopyOnWriteArrayList
import java.util.concurrent.TimeUnit
import java.util.concurrent.atomic.AtomicInteger
import kotlin.coroutines.cancellation.CancellationException
import kotlin.test.assertEquals
import kotlin.test.assertFalse
import kotlin.test.assertIs
import kotlin.test.assertTrue
import kotlinx.coroutines.CompletableDeferred
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.CoroutineStart
import kotlinx.coroutines.Deferred
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.async
import kotlinx.coroutines.awaitAll
import kotlinx.coroutines.cancelAndJoin
import kotlinx.coroutines.runBlocking
import kotlinx.coroutines.withContext
import kotlinx.coroutines.withTimeout
import org.junit.jupiter.api.AfterEach
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.Timeout

/**
 * The suspending API of the core. Callers start undispatched on one thread of the pool, so that
 * each one has joined its run or queued its key when its `async` returns; the work waits at a gate
 * the test opens, so that counts do not depend on timing.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SuspendingApiTest {

  private val executor = FutureCallableGroupCollapseExecutor()
  private val runs = AtomicInteger()
  private val gate = CompletableDeferred<Unit>()
  private val started = CompletableDeferred<Unit>()
  private val cancelled = CompletableDeferred<Unit>()
  private val batches: MutableList<List<String>> = CopyOnWriteArrayList()

  @AfterEach
  fun close() {
    executor.close()
  }

  private suspend fun <T> gated(value: () -> T): T {
    runs.incrementAndGet()
    started.complete(Unit)
    try {
      gate.await()
    } catch (e: CancellationException) {
      cancelled.complete(Unit)
      throw e
    }
    return value()
  }

  /**
   * Starts a caller on this thread, up to its first suspension: it has joined when this returns.
   */
  private fun <T> CoroutineScope.caller(call: suspend CoroutineScope.() -> T): Deferred<T> =
    async(start = CoroutineStart.UNDISPATCHED, block = call)

  private fun pooled(test: suspend CoroutineScope.() -> Unit) = runBlocking {
    withTimeout(30_000) { withContext(Dispatchers.Default, test) }
  }

  @Test
  fun `fifty callers with one key run the block once`() = pooled {
    val callers = (1..50).map { caller { executor.collapse("k") { gated { "value of k" } } } }
    gate.complete(Unit)

    assertEquals(List(50) { "value of k" }, callers.awaitAll())
    assertEquals(1, runs.get())
  }

  @Test
  fun `callers with other keys do not share`() = pooled {
    val callers =
      (1..20).map { i ->
        val key = "k-${i % 2}"
        caller { executor.collapse(key) { gated { "value of $key" } } }
      }
    gate.complete(Unit)

    assertEquals(List(20) { i -> "value of k-${(i + 1) % 2}" }, callers.awaitAll())
    assertEquals(2, runs.get())
  }

  @Test
  fun `a cancelled leader leaves and the others get the result`() = pooled {
    val leader = caller { executor.collapse("k") { gated { "value of k" } } }
    val others = (1..9).map { caller { executor.collapse("k") { gated { "value of k" } } } }
    started.await()

    leader.cancelAndJoin()
    gate.complete(Unit)

    assertEquals(List(9) { "value of k" }, others.awaitAll())
    assertTrue(leader.isCancelled)
    assertFalse(cancelled.isCompleted, "the block went on for the others")
    assertEquals(1, runs.get())
  }

  @Test
  fun `the block is cancelled once every caller has left`() = pooled {
    val callers = (1..3).map { caller { executor.collapse("k") { gated { "value of k" } } } }
    started.await()

    callers.forEach { it.cancelAndJoin() }

    cancelled.await()
  }

  @Test
  fun `what the block throws reaches every caller`() = pooled {
    val callers =
      (1..5).map {
        caller {
          runCatching { executor.collapse("k") { gated { throw IllegalStateException("no k") } } }
        }
      }
    gate.complete(Unit)

    callers.awaitAll().forEach {
      val failure = it.exceptionOrNull()
      assertIs<IllegalStateException>(failure)
      assertEquals("no k", failure.message)
    }
    assertEquals(1, runs.get())
  }

  /** One batch at a time: the callers that queue behind a batch make the next one. */
  private val oneAtATime =
    CollapseExecutorOptions.builder().adaptiveConcurrency(false).maxConcurrentBatches(1).build()

  @Test
  fun `callers that queue behind a batch make one batch`() = pooled {
    val prices =
      suspendingBatch<String, String>(oneAtATime) { skus ->
        batches.add(skus)
        gated { skus.map { "price of $it" } }
      }
    val callers = (1..10).map { i -> caller { prices.collapse("s-$i") } }
    gate.complete(Unit)

    assertEquals(List(10) { i -> "price of s-${i + 1}" }, callers.awaitAll())
    assertEquals(listOf(listOf("s-1"), (2..10).map { "s-$it" }), batches)
    prices.close()
  }

  @Test
  fun `a cancelled caller leaves its batch before it starts and the others get their values`() =
    pooled {
      val prices =
        suspendingBatch<String, String>(oneAtATime) { skus ->
          batches.add(skus)
          gated { skus.map { "price of $it" } }
        }
      val first = caller { prices.collapse("s-1") }
      val leaving = caller { prices.collapse("s-2") }
      val staying = caller { prices.collapse("s-3") }
      started.await()

      leaving.cancelAndJoin()
      gate.complete(Unit)

      assertEquals(listOf("price of s-1", "price of s-3"), listOf(first.await(), staying.await()))
      assertEquals(listOf(listOf("s-1"), listOf("s-3")), batches)
      prices.close()
    }

  @Test
  fun `what the batch function throws reaches every caller of the batch`() = pooled {
    val prices =
      suspendingBatch<String, String>(oneAtATime) { skus ->
        batches.add(skus)
        gated { throw IllegalStateException("no prices for $skus") }
      }
    val first = caller { runCatching { prices.collapse("s-1") } }
    val queued = (2..4).map { i -> caller { runCatching { prices.collapse("s-$i") } } }
    gate.complete(Unit)

    assertEquals("no prices for [s-1]", first.await().exceptionOrNull()?.message)
    queued.awaitAll().forEach {
      assertEquals("no prices for [s-2, s-3, s-4]", it.exceptionOrNull()?.message)
    }
    prices.close()
  }

  @Test
  fun `a key the mapped batch leaves out fails its caller alone`() = pooled {
    val owners =
      suspendingMappedBatch<String, String>(oneAtATime) { ids ->
        gated { ids.filter { it != "o-2" }.associateWith { "owner of $it" } }
      }
    val callers = (1..3).map { i -> caller { runCatching { owners.collapse("o-$i") } } }
    gate.complete(Unit)

    val outcomes = callers.awaitAll()
    assertEquals("owner of o-1", outcomes[0].getOrNull())
    assertIs<NoSuchElementException>(outcomes[1].exceptionOrNull())
    assertEquals("owner of o-3", outcomes[2].getOrNull())
    owners.close()
  }
}
