@file:JvmName("PriceExample")

package io.github.collapseexecutor.samples.kotlin

import io.github.collapseexecutor.core.FutureCallableGroupCollapseExecutor
import io.github.collapseexecutor.kotlin.collapse
import java.util.concurrent.atomic.AtomicInteger
import kotlinx.coroutines.CompletableDeferred
import kotlinx.coroutines.CoroutineStart
import kotlinx.coroutines.async
import kotlinx.coroutines.awaitAll
import kotlinx.coroutines.coroutineScope
import kotlinx.coroutines.runBlocking
import kotlinx.coroutines.withTimeout

/** How many coroutines ask for the price at once. */
internal const val CALLERS = 50

/**
 * A slow price backend: each call suspends until [open], so that all of a round's callers ask while
 * the first call is still in progress; counts its calls.
 */
internal class PriceBackend {
  private val opened = CompletableDeferred<Unit>()
  private val calls = AtomicInteger()

  suspend fun price(sku: String): String {
    calls.incrementAndGet()
    opened.await()
    return "$sku 101.25"
  }

  fun open() {
    opened.complete(Unit)
  }

  fun calls(): Int = calls.get()
}

/** What the callers of one round got, and how many times the backend was called. */
internal data class Round(val prices: List<String>, val backendCalls: Int)

/**
 * Starts [callers] coroutines that ask for the price of one SKU, through a collapse executor or
 * straight to the backend, then lets the backend answer. Each caller starts undispatched, so it has
 * joined the run in progress (or called the backend) when its `async` returns.
 */
internal suspend fun pricesAtOnce(collapse: Boolean, callers: Int): Round = coroutineScope {
  val backend = PriceBackend()
  val prices = FutureCallableGroupCollapseExecutor()
  try {
    val answers =
      (1..callers).map {
        async(start = CoroutineStart.UNDISPATCHED) {
          if (collapse) prices.collapse("ACME") { backend.price("ACME") } else backend.price("ACME")
        }
      }
    backend.open()
    Round(answers.awaitAll(), backend.calls())
  } finally {
    prices.close()
  }
}

/**
 * 50 coroutines ask for the same price at once: with `collapse` from collapse-executor-kotlin the
 * backend is called once, and without it 50 times.
 *
 * Run it: `./mvnw -q -pl collapse-executor-samples-kotlin -am -DskipTests package exec:java`.
 */
public fun main(): Unit = runBlocking {
  withTimeout(30_000) {
    val collapsed = pricesAtOnce(collapse = true, CALLERS)
    println(
      "with collapse:    ${collapsed.prices.size} coroutines got ${collapsed.prices[0]}, " +
        "the backend was called ${collapsed.backendCalls} time(s)"
    )
    val plain = pricesAtOnce(collapse = false, CALLERS)
    println(
      "without collapse: ${plain.prices.size} coroutines got ${plain.prices[0]}, " +
        "the backend was called ${plain.backendCalls} time(s)"
    )
  }
}
