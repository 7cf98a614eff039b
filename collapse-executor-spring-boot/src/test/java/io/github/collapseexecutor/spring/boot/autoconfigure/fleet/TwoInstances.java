package io.github.collapseexecutor.spring.boot.autoconfigure.fleet;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.redis.FleetCoordinator;
import io.github.collapseexecutor.redis.FleetTestAccess;
import io.github.collapseexecutor.spring.annotation.Collapsible;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorAutoConfiguration;
import io.github.collapseexecutor.spring.boot.autoconfigure.LineFixtures;
import io.github.collapseexecutor.spring.boot.autoconfigure.annotation.CollapseAnnotationAutoConfiguration;
import io.github.collapseexecutor.testing.OwnThreads;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Two instances of one Spring Boot application, each configured only by properties, whose
 * {@code @Collapsible} method names {@code fleet} on its executor, and the backend both call:
 * {@link #assertOneBackendCall} makes one call on each instance at once, the second while the
 * first holds the backend, so that without the tier the backend sees two calls.
 */
final class TwoInstances {

  /** The key prefix each instance's tier is given, which an ACL user's patterns can name. */
  static final String KEY_PREFIX = "collapse-test:";

  /** The service both instances call, as instances share the service behind them. */
  static final Backend BACKEND = new Backend();

  private TwoInstances() {}

  /**
   * Returns an instance of the application configured by {@code properties} (the Redis it is on)
   * besides the tier's secret and a key prefix of its own for each runner, which both instances
   * run by one runner share.
   */
  static ApplicationContextRunner instance(String... properties) {
    return new ApplicationContextRunner()
        .withConfiguration(
            AutoConfigurations.of(
                LineFixtures.REDIS_AUTO_CONFIGURATION,
                CollapseExecutorAutoConfiguration.class,
                CollapseAnnotationAutoConfiguration.class,
                CollapseFleetAutoConfiguration.class,
                RedisFleetAutoConfiguration.class,
                CollapseFleetWiringAutoConfiguration.class))
        .withUserConfiguration(Application.class)
        .withPropertyValues(
            CollapseFleetAutoConfigurationTest.SECRET,
            "collapse.executor.fleet.key-prefix=" + KEY_PREFIX + UUID.randomUUID(),
            "collapse.executor.fleet.coordination-timeout=5s",
            "collapse.executor.fleet.probe-interval=100ms",
            "collapse.executor.executors.quotes.fleet=true")
        .withPropertyValues(properties);
  }

  /**
   * Makes one call on each instance at once, once both tiers coordinate, and asserts that the
   * backend saw one: the first instance led, the second took its result.
   */
  static void assertOneBackendCall(ApplicationContext first, ApplicationContext second)
      throws Exception {
    BACKEND.reset();
    FleetCoordinator firstFleet = first.getBean(FleetCoordinator.class);
    FleetCoordinator secondFleet = second.getBean(FleetCoordinator.class);
    FleetTestAccess.awaitCoordinating(firstFleet);
    FleetTestAccess.awaitCoordinating(secondFleet);
    Quotes firstQuotes = first.getBean(Quotes.class);
    Quotes secondQuotes = second.getBean(Quotes.class);

    List<CompletableFuture<Quote>> results = new ArrayList<>();
    results.add(OwnThreads.call(() -> firstQuotes.quote("ACME"), new ArrayList<>()));
    BACKEND.awaitEntered();
    results.add(OwnThreads.call(() -> secondQuotes.quote("ACME"), new ArrayList<>()));
    FleetTestAccess.awaitWatching(secondFleet, 1);
    BACKEND.release.countDown();

    for (CompletableFuture<Quote> result : results) {
      assertThat(result.get(30, TimeUnit.SECONDS)).isEqualTo(new Quote("ACME", 1));
    }
    assertThat(BACKEND.calls.get()).isEqualTo(1);
    assertThat(firstFleet.stats().led()).isEqualTo(1);
    assertThat(secondFleet.stats().joined()).isEqualTo(1);
  }

  @Configuration(proxyBeanMethods = false)
  static class Application {

    @Bean
    Quotes quotes() {
      return new Quotes();
    }
  }

  /** A quote and the backend call that made it. */
  record Quote(String symbol, int call) {}

  static class Quotes {

    @Collapsible(executor = "quotes")
    public Quote quote(String symbol) {
      return BACKEND.quote(symbol);
    }
  }

  /** Holds its first call until released, so that the second instance's caller finds it. */
  static final class Backend {

    final AtomicInteger calls = new AtomicInteger();
    final Semaphore entered = new Semaphore(0);
    volatile CountDownLatch release = new CountDownLatch(1);

    void reset() {
      calls.set(0);
      entered.drainPermits();
      release = new CountDownLatch(1);
    }

    Quote quote(String symbol) {
      int call = calls.incrementAndGet();
      entered.release();
      try {
        if (call == 1 && !release.await(30, TimeUnit.SECONDS)) {
          throw new IllegalStateException("held 30 s");
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException(e);
      }
      return new Quote(symbol, call);
    }

    void awaitEntered() throws InterruptedException {
      if (!entered.tryAcquire(30, TimeUnit.SECONDS)) {
        throw new IllegalStateException("no call reached the backend in 30 s");
      }
    }
  }
}
