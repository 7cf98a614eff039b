package io.github.collapseexecutor.kotlin

import io.github.collapseexecutor.spring.annotation.CollapseBarrier
import io.github.collapseexecutor.spring.annotation.Collapsible
import io.github.collapseexecutor.spring.annotation.EnableCollapsing
import java.util.concurrent.TimeUnit
import java.util.concurrent.atomic.AtomicInteger
import kotlin.test.assertEquals
import kotlinx.coroutines.CompletableDeferred
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.async
import kotlinx.coroutines.runBlocking
import kotlinx.coroutines.withTimeout
import org.junit.jupiter.api.AfterEach
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.Timeout
import org.springframework.context.annotation.AnnotationConfigApplicationContext
import org.springframework.context.annotation.Bean
import org.springframework.context.annotation.Configuration

/**
 * `@CollapseBarrier` on a `suspend fun`: its body runs after the proxy returned, so the write is
 * done when the call returns, and only then may later reads stop joining earlier runs.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SuspendCollapseBarrierTest {

  @Configuration(proxyBeanMethods = false)
  @EnableCollapsing
  open class Application {
    @Bean open fun ledger(): Ledger = Ledger()
  }

  /** A balance whose first read is held until the test lets it go, and a write of it. */
  open class Ledger {
    // open, as a bean's proxy reads them from the bean only through open getters
    open val amount = AtomicInteger()
    open val heldReadStarted = CompletableDeferred<Unit>()
    open val heldRead = CompletableDeferred<Unit>()
    open val writeGate = CompletableDeferred<Unit>()

    /** Reads the balance at once; the read of the first balance waits before it answers. */
    @Collapsible
    open suspend fun balance(id: String): Int {
      val seen = amount.get()
      if (seen == 0) {
        heldReadStarted.complete(Unit)
        heldRead.await()
      }
      return seen
    }

    @CollapseBarrier
    open suspend fun deposit(id: String, value: Int): Int {
      writeGate.await()
      amount.set(value)
      return value
    }
  }

  private val context = AnnotationConfigApplicationContext(Application::class.java)
  private val ledger = context.getBean(Ledger::class.java)

  @AfterEach
  fun close() {
    context.close()
  }

  @Test
  fun `a read after a suspending write returned does not join a read that started during it`() =
    runBlocking {
      val write = async(Dispatchers.Default) { ledger.deposit("a", 5) }
      // a read that starts while the write runs, and reads what was there before it
      val during = async(Dispatchers.Default) { ledger.balance("a") }
      withTimeout(30_000) { ledger.heldReadStarted.await() }
      ledger.writeGate.complete(Unit)
      assertEquals(5, write.await())

      // it would wait for the held read if it joined it
      val after = withTimeout(30_000) { ledger.balance("a") }
      ledger.heldRead.complete(Unit)

      assertEquals(5, after)
      assertEquals(0, during.await())
    }
}
