package io.github.collapseexecutor.kotlin

import java.util.concurrent.TimeUnit
import kotlin.test.assertEquals
import kotlin.test.assertTrue
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.async
import kotlinx.coroutines.awaitAll
import kotlinx.coroutines.cancelAndJoin
import kotlinx.coroutines.runBlocking
import kotlinx.coroutines.withTimeout
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.Timeout
import org.springframework.beans.factory.annotation.Autowired
import org.springframework.boot.SpringBootConfiguration
import org.springframework.boot.autoconfigure.EnableAutoConfiguration
import org.springframework.boot.test.context.SpringBootTest
import org.springframework.context.annotation.Bean
import org.springframework.test.annotation.DirtiesContext

/**
 * A `suspend fun` with `@Collapsible` in a Spring Boot application, collapsed by the starter's
 * auto-configuration alone.
 */
@SpringBootTest(classes = [SuspendCollapsibleBootTest.Application::class])
@DirtiesContext(classMode = DirtiesContext.ClassMode.AFTER_EACH_TEST_METHOD)
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SuspendCollapsibleBootTest {

  @SpringBootConfiguration(proxyBeanMethods = false)
  @EnableAutoConfiguration
  open class Application {
    @Bean open fun accounts(): Accounts = Accounts()

    @Bean open fun joined(): Joined = Joined()
  }

  @Autowired private lateinit var accounts: Accounts
  @Autowired private lateinit var joined: Joined

  @Test
  fun `fifty coroutines with one key make one run`() = runBlocking {
    val callers = (1..50).map { async(Dispatchers.Default) { accounts.balance("a-1") } }
    joined.await(50)
    accounts.gate.complete(Unit)

    assertEquals(List(50) { "balance of a-1" }, withTimeout(30_000) { callers.awaitAll() })
    assertEquals(1, accounts.runs.get())
  }

  @Test
  fun `a cancelled leader leaves and the others get the result`() = runBlocking {
    val leader = async(Dispatchers.Default) { accounts.balance("a-1") }
    accounts.started.await()
    val others = (1..9).map { async(Dispatchers.Default) { accounts.balance("a-1") } }
    joined.await(10)

    leader.cancelAndJoin()
    accounts.gate.complete(Unit)

    assertEquals(List(9) { "balance of a-1" }, withTimeout(30_000) { others.awaitAll() })
    assertTrue(leader.isCancelled)
    assertEquals(1, accounts.runs.get())
  }
}
