package io.github.collapseexecutor.kotlin

import io.github.collapseexecutor.spring.annotation.Collapsible
import io.github.collapseexecutor.spring.annotation.EnableCollapsing
import java.util.Collections
import java.util.IdentityHashMap
import java.util.concurrent.CountDownLatch
import java.util.concurrent.TimeUnit
import java.util.concurrent.atomic.AtomicInteger
import kotlin.test.assertEquals
import kotlin.test.assertTrue
import org.junit.jupiter.api.AfterEach
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.Timeout
import org.springframework.context.annotation.AnnotationConfigApplicationContext
import org.springframework.context.annotation.Bean
import org.springframework.context.annotation.Configuration

/**
 * A Kotlin data class a caller can change, returned by a `@Collapsible` method: the callers that
 * joined a run each get a copy of their own, rebuilt through its primary constructor with copies of
 * what it holds, with no JSON mapper; none runs the method itself.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class DataClassResultsTest {

  /** A cart whose owner and items a caller can change. */
  data class Cart(var owner: String, val items: MutableList<String>)

  @Configuration(proxyBeanMethods = false)
  @EnableCollapsing
  open class Application {
    @Bean open fun carts(): Carts = Carts()
  }

  /** Holds the first run until the test lets it go. */
  open class Carts {
    // open, as a bean's proxy reads them from the bean only through open getters
    open val runs = AtomicInteger()
    open val started = CountDownLatch(1)
    open val release = CountDownLatch(1)

    @Collapsible
    open fun cart(id: Int): Cart {
      runs.incrementAndGet()
      started.countDown()
      release.await(10, TimeUnit.SECONDS)
      return Cart("owner $id", mutableListOf("item $id"))
    }
  }

  private val context = AnnotationConfigApplicationContext(Application::class.java)
  private val carts = context.getBean(Carts::class.java)

  @AfterEach
  fun close() {
    context.close()
  }

  @Test
  fun `callers that joined a run get copies of a mutable data class of their own`() {
    val results = arrayOfNulls<Cart>(CALLERS)
    val threads =
      (0 until CALLERS).map { i -> Thread { results[i] = carts.cart(1) }.apply { start() } }
    assertTrue(carts.started.await(10, TimeUnit.SECONDS))
    awaitParked(threads)
    carts.release.countDown()
    threads.forEach { it.join(TimeUnit.SECONDS.toMillis(10)) }

    assertTrue(carts.runs.get() <= 5, "runs: ${carts.runs.get()}")
    val all = results.map { requireNotNull(it) }
    all.forEach { assertEquals(Cart("owner 1", mutableListOf("item 1")), it) }
    val instances = Collections.newSetFromMap(IdentityHashMap<Any, Boolean>())
    all.forEach {
      instances.add(it)
      instances.add(it.items)
    }
    assertEquals(2 * CALLERS, instances.size, "each caller's cart and list its own")
    all.forEachIndexed { i, cart ->
      cart.owner = "caller $i"
      cart.items.add("caller $i")
    }
    all.forEachIndexed { i, cart ->
      assertEquals("caller $i", cart.owner)
      assertEquals(listOf("item 1", "caller $i"), cart.items)
    }
  }

  /** Waits, at most 10 s, until every caller but the one running the method is parked. */
  private fun awaitParked(threads: List<Thread>) {
    val deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10)
    while (System.nanoTime() < deadline) {
      val waiting = threads.count {
        it.state == Thread.State.WAITING || it.state == Thread.State.TIMED_WAITING
      }
      // the runner waits for the release too
      if (waiting == threads.size) {
        return
      }
      Thread.sleep(1)
    }
  }

  private companion object {
    const val CALLERS = 50
  }
}
