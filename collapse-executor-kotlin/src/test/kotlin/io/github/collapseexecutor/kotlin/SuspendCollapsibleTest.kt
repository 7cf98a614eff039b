package io.github.collapseexecutor.kotlin

import io.github.collapseexecutor.core.CollapseExecutorOptions
import io.github.collapseexecutor.spring.NamedExecutor
import io.github.collapseexecutor.spring.NamedExecutors
import io.github.collapseexecutor.spring.annotation.Collapsible
import io.github.collapseexecutor.spring.annotation.EnableCollapsing
import io.github.collapseexecutor.spring.annotation.MisconfiguredMethodException
import java.time.Duration
import java.util.concurrent.TimeUnit
import java.util.concurrent.TimeoutException
import kotlin.test.assertEquals
import kotlin.test.assertFailsWith
import kotlin.test.assertIs
import kotlin.test.assertTrue
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.async
import kotlinx.coroutines.awaitAll
import kotlinx.coroutines.cancelAndJoin
import kotlinx.coroutines.reactor.ReactorContext
import kotlinx.coroutines.runBlocking
import kotlinx.coroutines.slf4j.MDCContext
import kotlinx.coroutines.withContext
import kotlinx.coroutines.withTimeout
import org.junit.jupiter.api.AfterEach
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.Timeout
import org.springframework.context.annotation.AnnotationConfigApplicationContext
import org.springframework.context.annotation.Bean
import org.springframework.context.annotation.Configuration
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken
import org.springframework.security.core.context.ReactiveSecurityContextHolder

/** `@Collapsible` on a `suspend fun` of a bean in a plain Spring context. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SuspendCollapsibleTest {

  @Configuration(proxyBeanMethods = false)
  @EnableCollapsing
  open class Application {
    @Bean open fun accounts(): Accounts = Accounts()

    @Bean open fun joined(): Joined = Joined()

    @Bean open fun statements(): Statements = Statements()

    /** The default executor, and one whose callers wait a second at most. */
    @Bean
    open fun executors(): NamedExecutors =
      NamedExecutors(
        mapOf(
          NamedExecutors.DEFAULT to
            NamedExecutor.builder(NamedExecutors.DEFAULT, CollapseExecutorOptions.defaults())
              .build(),
          "impatient" to
            NamedExecutor.builder("impatient", CollapseExecutorOptions.defaults())
              .timeout(Duration.ofSeconds(1))
              .build(),
        )
      )
  }

  open class Statements : Gated() {
    @Collapsible(executor = "impatient")
    open suspend fun statement(id: String): String {
      run()
      return "statement of $id"
    }
  }

  private val context = AnnotationConfigApplicationContext(Application::class.java)
  private val accounts = context.getBean(Accounts::class.java)
  private val joined = context.getBean(Joined::class.java)

  @AfterEach
  fun close() {
    context.close()
  }

  @Test
  fun `fifty coroutines with one key make one run`() = runBlocking {
    SharedCases(accounts, joined).fiftyCallersOfOneKey()
  }

  @Test
  fun `a cancelled leader leaves and the others get the result`() = runBlocking {
    SharedCases(accounts, joined).cancelledLeader()
  }

  @Test
  fun `the run is cancelled once every caller has left`() = runBlocking {
    val callers = (1..3).map { async(Dispatchers.Default) { accounts.balance("a-1") } }
    joined.await(3)

    callers.forEach { it.cancelAndJoin() }

    withTimeout(30_000) { accounts.cancelled.await() }
  }

  @Test
  fun `different keys do not share`() = runBlocking {
    val first = (1..10).map { async(Dispatchers.Default) { accounts.balance("a-1") } }
    val second = (1..10).map { async(Dispatchers.Default) { accounts.balance("a-2") } }
    joined.await(20)
    accounts.gate.complete(Unit)

    assertEquals(List(10) { "balance of a-1" }, first.awaitAll())
    assertEquals(List(10) { "balance of a-2" }, second.awaitAll())
    assertEquals(2, accounts.runs.get())
  }

  @Test
  fun `a key expression names the arguments of a suspend fun`() = runBlocking {
    val callers =
      (1..5).map { page -> async(Dispatchers.Default) { accounts.statement("a-1", page) } }
    joined.await(5)
    accounts.gate.complete(Unit)

    assertEquals(List(5) { "statement of a-1" }, callers.awaitAll())
    assertEquals(1, accounts.runs.get())
  }

  @Test
  fun `a caller waits no longer than its executor's timeout`() = runBlocking {
    val statements = context.getBean(Statements::class.java)
    val caller = async(Dispatchers.Default) { runCatching { statements.statement("a-1") } }

    assertIs<TimeoutException>(caller.await().exceptionOrNull())
    // it was the only caller: its run is cancelled, as nobody waits for it
    withTimeout(30_000) { statements.cancelled.await() }
  }

  @Test
  fun `what the run throws reaches every caller`() = runBlocking {
    val callers =
      (1..5).map {
        async(Dispatchers.Default) { runCatching { accounts.overdrawn("a-1") } }
      }
    joined.await(5)
    accounts.gate.complete(Unit)

    val failures = callers.awaitAll().map { it.exceptionOrNull() }
    failures.forEach {
      assertTrue(it is IllegalStateException, "got $it")
      assertEquals("account a-1 is overdrawn", it.message)
    }
    assertEquals(1, accounts.runs.get())
  }

  @Test
  fun `the run has the coroutine context of the caller that started it`() = runBlocking {
    val caller =
      async(Dispatchers.Default + MDCContext(mapOf("request" to "r-1"))) {
        accounts.balance("a-1")
      }
    accounts.started.await()
    accounts.gate.complete(Unit)

    assertEquals("balance of a-1", caller.await())
    assertEquals(listOf<String?>("r-1"), accounts.seenRequests)
  }

  @Test
  fun `callers with other principals in their Reactor context do not share`() = runBlocking {
    suspend fun asUser(name: String): String {
      val authentication = UsernamePasswordAuthenticationToken.authenticated(name, "n/a", listOf())
      val reactor = ReactiveSecurityContextHolder.withAuthentication(authentication)
      return withContext(ReactorContext(reactor)) { accounts.balance("a-1") }
    }
    val alice = (1..5).map { async(Dispatchers.Default) { asUser("alice") } }
    val bob = (1..5).map { async(Dispatchers.Default) { asUser("bob") } }
    joined.await(10)
    accounts.gate.complete(Unit)

    (alice + bob).awaitAll()
    assertEquals(2, accounts.runs.get())
  }

  @Test
  fun `a suspend fun returning Unit stops the application at startup`() {
    val failure =
      assertFailsWith<Exception> {
        AnnotationConfigApplicationContext(WithUnit::class.java).close()
      }
    val cause =
      generateSequence<Throwable>(failure) { it.cause }
        .filterIsInstance<MisconfiguredMethodException>()
        .firstOrNull()
    assertTrue(cause?.message?.contains("it returns Unit") == true, "got $failure")
  }

  @Configuration(proxyBeanMethods = false)
  @EnableCollapsing
  open class WithUnit {
    @Bean open fun notifier(): Notifier = Notifier()
  }

  open class Notifier {
    @Collapsible open suspend fun notify(id: String) {}
  }
}
