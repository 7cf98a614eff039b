package io.github.collapseexecutor.kotlin

import java.util.concurrent.TimeUnit
import kotlinx.coroutines.runBlocking
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
    SharedCases(accounts, joined).fiftyCallersOfOneKey()
  }

  @Test
  fun `a cancelled leader leaves and the others get the result`() = runBlocking {
    SharedCases(accounts, joined).cancelledLeader()
  }
}
