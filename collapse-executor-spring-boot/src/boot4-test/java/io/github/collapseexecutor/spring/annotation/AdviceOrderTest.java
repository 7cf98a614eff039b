package io.github.collapseexecutor.spring.annotation;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorAutoConfiguration;
import io.github.collapseexecutor.spring.boot.autoconfigure.annotation.CollapseAnnotationAutoConfiguration;
import io.github.collapseexecutor.testing.annotation.HeldService;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.cache.CacheManager;
import org.springframework.cache.annotation.Cacheable;
import org.springframework.cache.annotation.EnableCaching;
import org.springframework.cache.concurrent.ConcurrentMapCacheManager;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.resilience.annotation.ConcurrencyLimit;
import org.springframework.resilience.annotation.EnableResilientMethods;
import org.springframework.resilience.annotation.Retryable;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.annotation.EnableTransactionManagement;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.transaction.support.AbstractPlatformTransactionManager;
import org.springframework.transaction.support.DefaultTransactionStatus;

/**
 * The collapse advice runs before transactions, concurrency limits, retries and caching
 * ({@link CollapseAdviceOrder}): only the run opens a transaction, takes a permit, retries or
 * fills the cache, and callers that join it do none of these.
 */
@Timeout(60)
final class AdviceOrderTest {

  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(
              AutoConfigurations.of(
                  CollapseExecutorAutoConfiguration.class,
                  CollapseAnnotationAutoConfiguration.class))
          .withUserConfiguration(Services.class);

  @Test
  void onlyTheSharedRunOpensATransaction() {
    runner.run(
        context -> {
          Orders orders = context.getBean(Orders.class);
          CountingTransactions transactions = context.getBean(CountingTransactions.class);

          List<Object> results = orders.crowd().run(40, i -> orders.order(5));

          assertThat(results).containsOnly("order 5 in a transaction");
          assertThat(orders.runs().get()).isEqualTo(1);
          assertThat(transactions.begun().get()).isEqualTo(1);
        });
  }

  @Test
  void callersThatJoinTakeNoPermitOfAConcurrencyLimit() {
    runner.run(
        context -> {
          Orders orders = context.getBean(Orders.class);

          // a limit of one permit: were the joiners inside it, they would queue behind the run and
          // each run the method after it
          List<Object> results = orders.crowd().run(40, i -> orders.limited(5));

          assertThat(results).containsOnly("limited 5");
          assertThat(orders.runs().get()).isEqualTo(1);
        });
  }

  @Test
  void theSharedRunRetriesOnceForEveryCaller() {
    runner.run(
        context -> {
          Orders orders = context.getBean(Orders.class);

          // the first attempt fails once every other caller waits; were the callers outside the
          // retry, each would fail with it and try again
          List<Object> results = orders.crowd().run(40, i -> orders.retried(5));

          assertThat(results).containsOnly("retried 5 after 2 attempts");
          assertThat(orders.runs().get()).isEqualTo(2);
        });
  }

  @Test
  void theSharedRunFillsTheCacheForLaterCallers() {
    runner.run(
        context -> {
          Orders orders = context.getBean(Orders.class);

          List<Object> results = orders.crowd().run(40, i -> orders.cached(5));
          Object later = orders.cached(5);

          assertThat(results).containsOnly("cached 5");
          assertThat(later).isEqualTo("cached 5");
          assertThat(orders.runs().get()).isEqualTo(1);
        });
  }

  @Configuration(proxyBeanMethods = false)
  @EnableTransactionManagement
  @EnableResilientMethods
  @EnableCaching
  static class Services {

    @Bean
    CacheManager cacheManager() {
      return new ConcurrentMapCacheManager("orders");
    }

    @Bean
    Orders orders() {
      return new Orders();
    }

    @Bean
    CountingTransactions transactionManager() {
      return new CountingTransactions();
    }
  }

  static class Orders extends HeldService {

    @Collapsible
    @Transactional
    public String order(int id) {
      enter();
      return "order "
          + id
          + (org.springframework.transaction.support.TransactionSynchronizationManager
                  .isActualTransactionActive()
              ? " in a transaction"
              : " outside a transaction");
    }

    @Collapsible
    @Retryable(maxRetries = 3, delay = 0)
    public String retried(int id) {
      int attempt = runs().incrementAndGet();
      crowd().hold();
      if (attempt == 1) {
        throw new IllegalStateException("first attempt");
      }
      return "retried " + id + " after " + attempt + " attempts";
    }

    @Collapsible
    @Cacheable("orders")
    public String cached(int id) {
      enter();
      return "cached " + id;
    }

    @Collapsible
    @ConcurrencyLimit(1)
    public String limited(int id) {
      enter();
      return "limited " + id;
    }
  }

  /** A transaction manager with nothing behind it, counting the transactions it begins. */
  static class CountingTransactions extends AbstractPlatformTransactionManager
      implements PlatformTransactionManager {

    private final AtomicInteger begun = new AtomicInteger();

    AtomicInteger begun() {
      return begun;
    }

    @Override
    protected Object doGetTransaction() {
      return new Object();
    }

    @Override
    protected void doBegin(
        Object transaction, org.springframework.transaction.TransactionDefinition definition) {
      begun.incrementAndGet();
    }

    @Override
    protected void doCommit(DefaultTransactionStatus status) {}

    @Override
    protected void doRollback(DefaultTransactionStatus status) {}
  }
}
