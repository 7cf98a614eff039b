package io.github.collapseexecutor.kotlin

import io.github.collapseexecutor.core.CollapseExecutorOptions
import io.github.collapseexecutor.spring.NamedExecutor
import io.github.collapseexecutor.spring.NamedExecutors
import io.github.collapseexecutor.spring.annotation.EnableCollapsing
import java.util.concurrent.TimeUnit
import kotlin.test.assertEquals
import kotlin.test.assertTrue
import kotlinx.coroutines.CoroutineStart
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
import org.springframework.context.annotation.AnnotationConfigApplicationContext
import org.springframework.context.annotation.Bean
import org.springframework.context.annotation.Configuration

/**
 * `@CollapseBatch` on a `suspend fun` in a plain Spring context. Callers start undispatched on one
 * thread, so that each one has queued its argument when its `async` returns; one batch runs at a
 * time, and the first waits at a gate, so that the others queue behind it.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SuspendCollapseBatchTest {

  @Configuration(proxyBeanMethods = false)
  @EnableCollapsing
  open class Application {
    @Bean open fun owners(): Owners = Owners()

    @Bean
    open fun executors(): NamedExecutors =
      NamedExecutors(
        mapOf(
          NamedExecutors.DEFAULT to
            NamedExecutor.builder(
                NamedExecutors.DEFAULT,
                CollapseExecutorOptions.builder()
                  .adaptiveConcurrency(false)
                  .maxConcurrentBatches(1)
                  .build(),
              )
              .build()
        )
      )
  }

  private val context = AnnotationConfigApplicationContext(Application::class.java)
  private val owners = context.getBean(Owners::class.java)

  @AfterEach
  fun close() {
    context.close()
  }

  @Test
  fun `callers that queue behind a batch make one batch`() = runBlocking {
    withTimeout(30_000) {
      withContext(Dispatchers.Default) {
        val callers =
          (1..10).map { i -> async(start = CoroutineStart.UNDISPATCHED) { owners.owner("o-$i") } }
        owners.gate.complete(Unit)

        assertEquals(List(10) { i -> "owner of o-${i + 1}" }, callers.awaitAll())
        assertEquals(listOf(listOf("o-1"), (2..10).map { "o-$it" }), owners.batches)
      }
    }
  }

  @Test
  fun `a cancelled caller leaves its batch and the others get their results`() = runBlocking {
    withTimeout(30_000) {
      withContext(Dispatchers.Default) {
        val first = async(start = CoroutineStart.UNDISPATCHED) { owners.owner("o-1") }
        val leaving = async(start = CoroutineStart.UNDISPATCHED) { owners.owner("o-2") }
        val staying = async(start = CoroutineStart.UNDISPATCHED) { owners.owner("o-3") }
        owners.started.await()

        leaving.cancelAndJoin()
        owners.gate.complete(Unit)

        assertEquals("owner of o-1", first.await())
        assertEquals("owner of o-3", staying.await())
        assertTrue(leaving.isCancelled)
        assertEquals(listOf(listOf("o-1"), listOf("o-3")), owners.batches)
      }
    }
  }
}
