package io.github.collapseexecutor.servlet;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.redis.FleetCoordinator;
import io.github.collapseexecutor.redis.FleetOptions;
import io.github.collapseexecutor.redis.FleetTestAccess;
import io.github.collapseexecutor.redis.RedisHttpFleet;
import io.github.collapseexecutor.testing.LocalRedis;
import io.github.collapseexecutor.testing.TestFleet;
import io.github.collapseexecutor.testing.http.LoopbackTomcat;
import io.github.collapseexecutor.testing.http.RawHttp;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Two instances of one servlet application, on one port of two loopback addresses as behind a
 * balancer, collapse through the fleet tier on the Redis on 127.0.0.1:6379 (skipped without it):
 * a request that leads its key on the second instance takes the response of the first instance's
 * chain, where a request with another credential runs its own; and Redis never holds the
 * credential or the path; and when the first instance dies mid-call, the second runs its own once
 * the first's lease ends.
 */
final class CollapseServletFilterFleetTest {


  private final AtomicInteger calls = new AtomicInteger();
  private final Semaphore entered = new Semaphore(0);
  private final CountDownLatch release = new CountDownLatch(1);
  private final ExecutorService callers = Executors.newFixedThreadPool(2);
  private final Deque<AutoCloseable> closing = new ArrayDeque<>();
  private final TestFleet fleet = new TestFleet();
  private FleetCoordinator firstCoordinator;
  private FleetCoordinator secondCoordinator;
  private int port;
  private final String secondAddress = "127.0.0.2";

  @BeforeEach
  void redis() {
    LocalRedis.assumeRunning();
  }

  /** Starts both instances, whose leases last {@code leaseTime}. */
  private void start(Duration leaseTime) throws Exception {
    LoopbackTomcat first = instance("first", "127.0.0.1", 0, leaseTime);
    firstCoordinator = secondCoordinator;
    port = first.port();
    instance("second", secondAddress, port, leaseTime);
  }

  @AfterEach
  void stop() throws Exception {
    release.countDown();
    callers.shutdownNow();
    while (!closing.isEmpty()) {
      closing.pop().close();
    }
  }

  @Test
  void theSecondInstanceTakesTheResponseOfTheFirstInstancesChain() {
    assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
      start(FleetOptions.DEFAULT_LEASE_TIME);
      CompletableFuture<String> first = call("127.0.0.1", "Bearer token-of-alice-123");
      assertThat(entered.tryAcquire(30, TimeUnit.SECONDS)).isTrue();
      CompletableFuture<String> second = call(secondAddress, "Bearer token-of-alice-123");
      FleetTestAccess.awaitWatching(secondCoordinator, 1);
      List<String> keyspace = fleet.keyspace();

      release.countDown();

      assertThat(first.get(30, TimeUnit.SECONDS)).contains("quote 1 from first");
      assertThat(second.get(30, TimeUnit.SECONDS)).contains("quote 1 from first");
      assertThat(calls).hasValue(1);
      keyspace.addAll(fleet.keyspace());
      assertThat(keyspace).isNotEmpty()
          .noneMatch(text -> text.contains("token-of-alice") || text.contains("/quotes/acme"));
    });
  }

  @Test
  void aRequestWithAnotherCredentialRunsItsOwnChain() {
    assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
      start(FleetOptions.DEFAULT_LEASE_TIME);
      CompletableFuture<String> first = call("127.0.0.1", "Bearer token-of-alice-123");
      assertThat(entered.tryAcquire(30, TimeUnit.SECONDS)).isTrue();
      CompletableFuture<String> second = call(secondAddress, "Bearer token-of-bob-456");
      assertThat(entered.tryAcquire(30, TimeUnit.SECONDS))
          .as("bob's request reaches the application itself").isTrue();

      release.countDown();

      assertThat(first.get(30, TimeUnit.SECONDS)).contains("from first");
      assertThat(second.get(30, TimeUnit.SECONDS)).contains("from second");
      assertThat(calls).hasValue(2);
    });
  }

  /**
   * Hazard: the instance that runs the chain for the fleet dies mid-call and never publishes. Its
   * lease ends, and the other instance's request runs its own chain then, well within its wait
   * timeout.
   */
  @Test
  void whenTheInstanceThatRunsTheChainDiesTheOtherRunsItsOwnOnceTheLeaseEnds() {
    assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
      start(Duration.ofSeconds(1));
      call("127.0.0.1", "Bearer token-of-alice-123");
      assertThat(entered.tryAcquire(30, TimeUnit.SECONDS)).isTrue();
      firstCoordinator.close(); // as far as the fleet knows, the instance is gone

      CompletableFuture<String> second = call(secondAddress, "Bearer token-of-alice-123");
      assertThat(entered.tryAcquire(30, TimeUnit.SECONDS))
          .as("the second instance runs its own chain once the lease ended").isTrue();
      release.countDown();

      assertThat(second.get(30, TimeUnit.SECONDS)).contains("quote 2 from second");
      assertThat(secondCoordinator.stats().leaseLost()).isEqualTo(1);
    });
  }

  /** Starts an instance whose application answers once {@link #release} opens. */
  private LoopbackTomcat instance(String name, String address, int onPort, Duration leaseTime)
      throws Exception {
    FleetCoordinator coordinator = fleet.connect(leaseTime);
    closing.push(coordinator);
    secondCoordinator = coordinator;
    CollapseServletFilter filter = new CollapseServletFilter(HttpCollapseOptions.builder()
        .group(CollapseGroup.ofUris("/quotes/*")).fleet(RedisHttpFleet.of(coordinator)).build());
    closing.push(filter);
    LoopbackTomcat server = new LoopbackTomcat(new HttpServlet() {
      @Override
      protected void doGet(HttpServletRequest request, HttpServletResponse response)
          throws IOException {
        int call = calls.incrementAndGet();
        entered.release();
        try {
          if (!release.await(30, TimeUnit.SECONDS)) {
            throw new IOException("not released");
          }
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new IOException(e);
        }
        byte[] body = ("quote " + call + " from " + name).getBytes(UTF_8);
        response.setContentType("text/plain");
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
      }
    }, /* asyncSupported= */ true).listenOn(address, onPort);
    server.filter("collapse", filter).start();
    closing.push(server);
    return server;
  }

  /** Sends a GET for the same quote as every caller does, through the balancer's host name. */
  private CompletableFuture<String> call(String address, String authorization) {
    return CompletableFuture.supplyAsync(() -> {
      try {
        return RawHttp.exchange(address, port, "GET /quotes/acme HTTP/1.1\r\n"
            + "Host: quotes.example\r\nAuthorization: " + authorization + "\r\n");
      } catch (IOException e) {
        throw new IllegalStateException(e);
      }
    }, callers);
  }
}
