package io.github.collapseexecutor.spring.boot.autoconfigure.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.redis.FleetCoordinator;
import io.github.collapseexecutor.redis.FleetTestAccess;
import io.github.collapseexecutor.testing.LocalRedis;
import io.github.collapseexecutor.testing.http.RawHttp;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * Two instances of one Spring Boot application, configured by properties alone
 * ({@code collapse.executor.servlet.fleet=true} or {@code collapse.executor.webflux.fleet=true},
 * and the fleet's secret), each on an address of its own and one port, on the Redis on
 * 127.0.0.1:6379 (skipped without it): a request on the second instance takes the response of
 * the first instance's handler, in embedded Tomcat and in Reactor Netty alike.
 */
@Timeout(120)
final class ServerFleetEndToEndTest {

  static final AtomicInteger CALLS = new AtomicInteger();
  static final Semaphore ENTERED = new Semaphore(0);
  static final CountDownLatch[] RELEASE = {new CountDownLatch(1)};

  private final List<ConfigurableApplicationContext> instances = new ArrayList<>();
  private final ExecutorService callers = Executors.newFixedThreadPool(2);
  private final String keyPrefix = "collapse-test:" + UUID.randomUUID();

  @AfterEach
  void stop() {
    RELEASE[0].countDown();
    callers.shutdownNow();
    instances.forEach(ConfigurableApplicationContext::close);
  }

  @Test
  void aServletRequestOnTheSecondInstanceTakesTheResponseOfTheFirstInstancesHandler()
      throws Exception {
    assertTheSecondInstanceTakesTheFirstsResponse(App.class, WebApplicationType.SERVLET, "servlet");
  }

  @Test
  void aWebFluxRequestOnTheSecondInstanceTakesTheResponseOfTheFirstInstancesHandler()
      throws Exception {
    assertTheSecondInstanceTakesTheFirstsResponse(
        ReactiveApp.class, WebApplicationType.REACTIVE, "webflux");
  }

  /**
   * Starts two instances of {@code app}, whose section {@code section} collapses across the
   * fleet, and calls the first, then the second while the first's handler runs.
   */
  private void assertTheSecondInstanceTakesTheFirstsResponse(
      Class<?> app, WebApplicationType type, String section) throws Exception {
    LocalRedis.assumeRunning();
    CALLS.set(0);
    ENTERED.drainPermits();
    RELEASE[0] = new CountDownLatch(1);
    int port = start(app, type, section, "127.0.0.1", 0);
    start(app, type, section, "127.0.0.2", port);
    FleetCoordinator second = instances.get(1).getBean(FleetCoordinator.class);
    for (ConfigurableApplicationContext instance : instances) {
      FleetTestAccess.awaitCoordinating(instance.getBean(FleetCoordinator.class));
    }

    CompletableFuture<String> first = call("127.0.0.1", port);
    assertThat(ENTERED.tryAcquire(30, TimeUnit.SECONDS)).isTrue();
    CompletableFuture<String> joined = call("127.0.0.2", port);
    FleetTestAccess.awaitWatching(second, 1);
    RELEASE[0].countDown();

    assertThat(first.get(30, TimeUnit.SECONDS)).contains("quote of acme, call 1");
    assertThat(joined.get(30, TimeUnit.SECONDS)).contains("quote of acme, call 1");
    assertThat(CALLS).hasValue(1);
    assertThat(second.stats().joined()).isEqualTo(1);
  }

  /** Starts an instance on {@code address} and {@code port}; returns the port. */
  private int start(
      Class<?> app, WebApplicationType type, String section, String address, int port) {
    ConfigurableApplicationContext instance =
        FleetInstance.start(
            app,
            type,
            keyPrefix,
            "--server.address=" + address,
            "--server.port=" + port,
            "--collapse.executor." + section + ".collapse-groups[0].uris=/quotes/*",
            "--collapse.executor." + section + ".fleet=true");
    instances.add(instance);
    return instance.getEnvironment().getRequiredProperty("local.server.port", Integer.class);
  }

  /** Sends a GET for the quote through the balancer's host name, as every caller does. */
  private CompletableFuture<String> call(String address, int port) {
    return CompletableFuture.supplyAsync(
        () -> {
          try {
            return RawHttp.exchange(
                address, port, "GET /quotes/acme HTTP/1.1\r\nHost: quotes.example\r\n");
          } catch (IOException e) {
            throw new IllegalStateException(e);
          }
        },
        callers);
  }

  @Configuration(proxyBeanMethods = false)
  @EnableAutoConfiguration
  @Import(Quotes.class)
  static class App {}

  @Configuration(proxyBeanMethods = false)
  @EnableAutoConfiguration
  @Import(ReactiveQuotes.class)
  static class ReactiveApp {}

  /** The handler of the reactive application: it waits for the release off the event loop. */
  @RestController
  static class ReactiveQuotes {

    @GetMapping("/quotes/{symbol}")
    Mono<String> quote(@PathVariable("symbol") String symbol) {
      int call = CALLS.incrementAndGet();
      ENTERED.release();
      CountDownLatch release = RELEASE[0];
      return Mono.fromCallable(() -> release.await(30, TimeUnit.SECONDS))
          .subscribeOn(Schedulers.boundedElastic())
          .map(released -> "quote of " + symbol + ", call " + call);
    }
  }

  @RestController
  static class Quotes {

    @GetMapping("/quotes/{symbol}")
    String quote(@PathVariable("symbol") String symbol) throws InterruptedException {
      int call = CALLS.incrementAndGet();
      ENTERED.release();
      if (!RELEASE[0].await(30, TimeUnit.SECONDS)) {
        throw new IllegalStateException("not released");
      }
      return "quote of " + symbol + ", call " + call;
    }
  }
}
