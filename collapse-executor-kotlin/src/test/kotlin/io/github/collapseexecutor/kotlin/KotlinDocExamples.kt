package io.github.collapseexecutor.kotlin

import io.github.collapseexecutor.core.FutureCallableGroupCollapseExecutor
import io.github.collapseexecutor.spring.annotation.Collapsible

/** The snippets of docs/kotlin.md, line for line, so that they compile as the page shows them. */
class KotlinDocExamples {

  class User

  class Price

  class Account

  interface UserClient {
    suspend fun fetchUser(id: Long): User
  }

  interface PriceClient {
    suspend fun prices(skus: List<String>): List<Price>
  }

  interface AccountClient {
    suspend fun fetch(id: String): Account
  }

  class SameKey(private val client: UserClient) {
    val users = FutureCallableGroupCollapseExecutor()

    suspend fun user(id: Long): User = users.collapse(id) { client.fetchUser(id) }
  }

  class Batches(private val priceClient: PriceClient) {
    val prices = suspendingBatch<String, Price> { skus -> priceClient.prices(skus) }

    suspend fun price(sku: String): Price = prices.collapse(sku)
  }

  // open, as the kotlin-spring compiler plugin makes the classes and methods of beans
  // spotless:off
  open class Accounts(private val accountClient: AccountClient) {
    @Collapsible
    open suspend fun account(id: String): Account = accountClient.fetch(id)
  }
  // spotless:on
}
