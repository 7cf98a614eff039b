package io.github.collapseexecutor.kotlin

import io.github.collapseexecutor.fleet.Fleet
import io.github.collapseexecutor.fleet.FleetCodec
import io.github.collapseexecutor.spring.annotation.Collapsible
import io.github.collapseexecutor.spring.annotation.EnableCollapsing
import io.github.collapseexecutor.spring.fleet.CollapsibleFleetConfiguration
import java.time.Duration
import java.util.concurrent.CompletableFuture
import java.util.concurrent.CompletionStage
import java.util.concurrent.ConcurrentHashMap
import java.util.concurrent.TimeUnit
import java.util.concurrent.atomic.AtomicInteger
import java.util.function.Supplier
import kotlin.test.assertEquals
import kotlinx.coroutines.runBlocking
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.Timeout
import org.springframework.context.annotation.AnnotationConfigApplicationContext
import org.springframework.context.annotation.Bean
import org.springframework.context.annotation.Configuration
import org.springframework.context.annotation.Import

/**
 * `@Collapsible(fleet = true)` on a `suspend fun`, on two instances of one application (two Spring
 * contexts) that share a fleet tier: the second instance's call gets the first one's result through
 * the tier, without running the method.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SuspendFleetTest {

  /**
   * A fleet tier between the contexts of this test, without Redis: the first call of a key runs and
   * keeps what it hands to the tier; each later call of an equal key gets those bytes.
   */
  class HandingOver : Fleet {
    val handed = ConcurrentHashMap<List<String>, ByteArray>()

    override fun <X : Exception> call(
      key: List<String>,
      maxWait: Duration,
      call: Fleet.Call<X>,
    ): ByteArray? {
      handed[key]?.let {
        return it
      }
      call.call()?.let { handed[key] = it }
      return null
    }

    override fun callAsync(
      key: List<String>,
      maxWait: Duration,
      call: Supplier<out CompletionStage<ByteArray?>>,
    ): CompletionStage<ByteArray?> {
      handed[key]?.let {
        return CompletableFuture.completedFuture(it)
      }
      return call.get().thenApply { own ->
        own?.let { handed[key] = it }
        null
      }
    }
  }

  open class Prices {
    // open, as a bean's proxy reads it from the bean only through an open getter
    open val runs = AtomicInteger()

    @Collapsible(fleet = true)
    open suspend fun price(id: String): String {
      runs.incrementAndGet()
      return "price of $id"
    }
  }

  @Configuration(proxyBeanMethods = false)
  @EnableCollapsing
  @Import(CollapsibleFleetConfiguration::class)
  open class Instance {
    @Bean open fun prices(): Prices = Prices()

    @Bean open fun fleet(): Fleet = tier

    @Bean open fun codec(): FleetCodec<String> = FleetCodec.utf8()
  }

  @Test
  fun `a suspend fun's result crosses to another instance through the fleet tier`() = runBlocking {
    AnnotationConfigApplicationContext(Instance::class.java).use { first ->
      AnnotationConfigApplicationContext(Instance::class.java).use { second ->
        val firstPrices = first.getBean(Prices::class.java)
        val secondPrices = second.getBean(Prices::class.java)

        assertEquals("price of a", firstPrices.price("a"))
        assertEquals("price of a", secondPrices.price("a"))

        assertEquals(1, firstPrices.runs.get())
        assertEquals(0, secondPrices.runs.get())
        assertEquals(1, tier.handed.size)
      }
    }
  }

  companion object {
    val tier = HandingOver()
  }
}
