package io.github.collapseexecutor.samples.kotlin

import java.util.concurrent.TimeUnit
import kotlin.test.assertEquals
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.runBlocking
import kotlinx.coroutines.withContext
import kotlinx.coroutines.withTimeout
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.Timeout

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class PriceExampleTest {

  private fun pooled(round: suspend () -> Round): Round = runBlocking {
    withTimeout(30_000) { withContext(Dispatchers.Default) { round() } }
  }

  @Test
  fun `fifty coroutines asking for one price call the backend once`() {
    val round = pooled { pricesAtOnce(collapse = true, CALLERS) }

    assertEquals(List(CALLERS) { "ACME 101.25" }, round.prices)
    assertEquals(1, round.backendCalls)
  }

  @Test
  fun `without collapse every coroutine calls the backend`() {
    val round = pooled { pricesAtOnce(collapse = false, CALLERS) }

    assertEquals(List(CALLERS) { "ACME 101.25" }, round.prices)
    assertEquals(CALLERS, round.backendCalls)
  }
}
