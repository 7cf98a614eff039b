package io.github.collapseexecutor.kotlin

import io.github.collapseexecutor.core.CollapseExecutorOptions
import io.github.collapseexecutor.core.CollapseListener
import io.github.collapseexecutor.spring.NamedExecutor
import io.github.collapseexecutor.spring.NamedExecutors
import io.github.collapseexecutor.spring.annotation.CollapseBatch
import io.github.collapseexecutor.spring.annotation.Collapsible
import io.github.collapseexecutor.spring.annotation.EnableCollapsing
import java.util.concurrent.CopyOnWriteArrayList
import java.util.concurrent.TimeUnit
import java.util.concurrent.atomic.AtomicInteger
import kotlin.test.assertEquals
import kotlinx.coroutines.CompletableDeferred
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.async
import kotlinx.coroutines.awaitAll
import kotlinx.coroutines.runBlocking
import kotlinx.coroutines.withTimeout
import org.junit.jupiter.api.AfterEach
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.Timeout
import org.springframework.context.annotation.AnnotationConfigApplicationContext
import org.springframework.context.annotation.Bean
import org.springframework.context.annotation.Configuration

/**
 * Observe mode of `@Collapsible` on a `suspend fun`: every call runs the function, and the listener
 * hears what collapse would have made of the calls.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SuspendObserveTest {

  @Configuration(proxyBeanMethods = false)
  @EnableCollapsing
  open class Application {
    @Bean open fun balances(): Balances = Balances()

    @Bean open fun heard(): Heard = Heard()

    @Bean
    open fun executors(heard: Heard): NamedExecutors =
      NamedExecutors(
        mapOf(
          NamedExecutors.DEFAULT to
            NamedExecutor.builder(NamedExecutors.DEFAULT, CollapseExecutorOptions.defaults())
              .build(),
          "observed" to
            NamedExecutor.builder(
                "observed",
                CollapseExecutorOptions.builder().listener(heard).build(),
              )
              .observeOnly(true)
              .build(),
        )
      )
  }

  /** Holds every call until [CALLERS] are in the function at once. */
  open class Balances {
    open val arrived = AtomicInteger()
    open val all = CompletableDeferred<Unit>()

    @Collapsible(executor = "observed")
    open suspend fun balance(id: String): String {
      if (arrived.incrementAndGet() == CALLERS) {
        all.complete(Unit)
      }
      all.await()
      return "balance of $id"
    }

    open val batches = AtomicInteger()

    @CollapseBatch(batchMethod = "balancesOf", executor = "observed")
    open suspend fun batched(id: String): String {
      if (arrived.incrementAndGet() == CALLERS) {
        all.complete(Unit)
      }
      all.await()
      return "one balance of $id"
    }

    open suspend fun balancesOf(ids: List<String>): List<String> {
      batches.incrementAndGet()
      return ids.map { "batched balance of $it" }
    }
  }

  /** What the listener heard of the observed calls. */
  class Heard : CollapseListener {
    val calls = AtomicInteger()
    val wouldJoin = AtomicInteger()
    val runs: MutableList<Int> = CopyOnWriteArrayList()

    override fun callObserved(executorName: String, wouldJoin: Boolean, unshared: String?) {
      calls.incrementAndGet()
      if (wouldJoin) {
        this.wouldJoin.incrementAndGet()
      }
    }

    override fun runObserved(executorName: String, key: String, callers: Int) {
      runs.add(callers)
    }
  }

  private val context = AnnotationConfigApplicationContext(Application::class.java)

  @AfterEach
  fun close() {
    context.close()
  }

  @Test
  fun everyCallRunsTheFunctionAndAllButTheFirstWouldJoin() = runBlocking {
    val balances = context.getBean(Balances::class.java)
    val heard = context.getBean(Heard::class.java)

    val callers = (1..CALLERS).map { async(Dispatchers.Default) { balances.balance("a-1") } }

    assertEquals(List(CALLERS) { "balance of a-1" }, withTimeout(30_000) { callers.awaitAll() })
    assertEquals(CALLERS, balances.arrived.get())
    assertEquals(CALLERS, heard.calls.get())
    assertEquals(CALLERS - 1, heard.wouldJoin.get())
    assertEquals(listOf(CALLERS), heard.runs)
  }

  @Test
  fun everyBatchedCallRunsTheFunctionAndAllButTheFirstWouldShareABatch() = runBlocking {
    val balances = context.getBean(Balances::class.java)
    val heard = context.getBean(Heard::class.java)

    val callers = (1..CALLERS).map { async(Dispatchers.Default) { balances.batched("a-$it") } }

    assertEquals(
      (1..CALLERS).map { "one balance of a-$it" },
      withTimeout(30_000) { callers.awaitAll() },
    )
    assertEquals(CALLERS, balances.arrived.get())
    assertEquals(0, balances.batches.get())
    assertEquals(CALLERS, heard.calls.get())
    assertEquals(CALLERS - 1, heard.wouldJoin.get())
    assertEquals(listOf(CALLERS), heard.runs)
  }

  private companion object {
    const val CALLERS = 50
  }
}
