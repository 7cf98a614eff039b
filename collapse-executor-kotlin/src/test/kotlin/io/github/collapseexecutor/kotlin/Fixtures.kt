package io.github.collapseexecutor.kotlin

import io.github.collapseexecutor.spring.annotation.CollapseBatch
import io.github.collapseexecutor.spring.annotation.Collapsible
import io.github.collapseexecutor.spring.observation.MethodObserver
import io.github.collapseexecutor.spring.observation.MethodObserver.FutureCall
import java.util.concurrent.Callable
import java.util.concurrent.CompletableFuture
import java.util.concurrent.CopyOnWriteArrayList
import java.util.concurrent.atomic.AtomicInteger
import java.util.function.BiConsumer
import kotlin.coroutines.cancellation.CancellationException
import kotlin.test.assertEquals
import kotlin.test.assertTrue
import kotlinx.coroutines.CompletableDeferred
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.async
import kotlinx.coroutines.awaitAll
import kotlinx.coroutines.cancelAndJoin
import kotlinx.coroutines.coroutineScope
import kotlinx.coroutines.flow.MutableStateFlow
import kotlinx.coroutines.flow.first
import kotlinx.coroutines.flow.update
import kotlinx.coroutines.withTimeout
import org.slf4j.MDC

/**
 * What a suspend fun of the beans below does: each run counts itself, records the MDC it sees, and
 * waits at a gate that the test opens, so that every caller has joined before any run ends.
 */
open class Gated {

  // open, as a bean's proxy reads them from the bean only through open getters

  open val runs = AtomicInteger()
  open val seenRequests: MutableList<String?> = CopyOnWriteArrayList()
  open val batches: MutableList<List<String>> = CopyOnWriteArrayList()
  open val started = CompletableDeferred<Unit>()
  open val cancelled = CompletableDeferred<Unit>()
  open val gate = CompletableDeferred<Unit>()

  protected suspend fun run() {
    runs.incrementAndGet()
    seenRequests.add(MDC.get("request"))
    started.complete(Unit)
    try {
      gate.await()
    } catch (e: CancellationException) {
      cancelled.complete(Unit)
      throw e
    }
  }
}

/** A bean with `@Collapsible` suspend funs. */
open class Accounts : Gated() {

  @Collapsible
  open suspend fun balance(id: String): String {
    run()
    return "balance of $id"
  }

  @Collapsible(key = "#id")
  open suspend fun statement(id: String, page: Int): String {
    run()
    return "statement of $id"
  }

  @Collapsible
  open suspend fun overdrawn(id: String): String {
    run()
    throw IllegalStateException("account $id is overdrawn")
  }
}

/** A bean with a `@CollapseBatch` suspend fun, and its batch method. */
open class Owners : Gated() {

  @CollapseBatch(batchMethod = "owners")
  open suspend fun owner(id: String): String = error("called in batches only")

  open suspend fun owners(ids: List<String>): List<String> {
    batches.add(ids)
    run()
    return ids.map { "owner of $it" }
  }
}

/** Counts the callers the collapse placed in a run: they have joined once counted. */
class Joined : MethodObserver {

  private val count = MutableStateFlow(0)

  /** Waits until [callers] have joined, bounded: a hang fails the test instead of stalling it. */
  suspend fun await(callers: Int) {
    withTimeout(30_000) { count.first { it >= callers } }
  }

  override fun monoCall(executorName: String, group: Any, observation: Any?): FutureCall =
    object : FutureCall {
      override fun leading(start: FutureCall.Start): Callable<CompletableFuture<Any?>> =
        FutureCall.NONE.leading(start)

      override fun joined(future: CompletableFuture<Any?>): BiConsumer<Any?, Throwable?>? {
        count.update { it + 1 }
        return null
      }

      override fun timedOut() {}
    }
}

/**
 * The cases of `@Collapsible` on a suspend fun that a plain Spring context and a Spring Boot
 * application share: [accounts] and [joined] are the application's beans.
 */
class SharedCases(private val accounts: Accounts, private val joined: Joined) {

  /** Fifty coroutines with one key, all joined before the gate opens, make one run. */
  suspend fun fiftyCallersOfOneKey() = coroutineScope {
    val callers = (1..50).map { async(Dispatchers.Default) { accounts.balance("a-1") } }
    joined.await(50)
    accounts.gate.complete(Unit)

    assertEquals(List(50) { "balance of a-1" }, withTimeout(30_000) { callers.awaitAll() })
    assertEquals(1, accounts.runs.get())
  }

  /** A leader cancelled while others wait for its run leaves, and the run goes on for them. */
  suspend fun cancelledLeader() = coroutineScope {
    val leader = async(Dispatchers.Default) { accounts.balance("a-1") }
    accounts.started.await()
    val others = (1..9).map { async(Dispatchers.Default) { accounts.balance("a-1") } }
    joined.await(10)

    leader.cancelAndJoin()
    accounts.gate.complete(Unit)

    assertEquals(List(9) { "balance of a-1" }, withTimeout(30_000) { others.awaitAll() })
    assertTrue(leader.isCancelled)
    assertTrue(!accounts.cancelled.isCompleted, "the run went on for the others")
    assertEquals(1, accounts.runs.get())
  }
}
