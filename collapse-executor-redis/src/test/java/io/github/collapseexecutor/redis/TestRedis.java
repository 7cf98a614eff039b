package io.github.collapseexecutor.redis;

import io.github.collapseexecutor.fleet.FleetStats.FleetState;
import io.github.collapseexecutor.testing.Services;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/**
 * What the tests share: the shared Redis on 127.0.0.1:6379 (tests skip when it is not there),
 * on which they only coordinate under a key prefix of their own, options, and waits. A test that
 * needs a fault, Sentinel, Cluster or TLS starts a server of its own
 * ({@code io.github.collapseexecutor.testing.redis}).
 */
final class TestRedis {

  static final int SHARED_PORT = 6379;

  /** A secret of the tests' own: never a real one. */
  static final byte[] SECRET =
      "test secret of the fleet tier, 32+ bytes long".getBytes(StandardCharsets.UTF_8);

  private TestRedis() {}

  /** Skips the test unless a Redis answers on {@code port} of 127.0.0.1. */
  static void assumeRunning(int port) {
    Services.assume(listening(port), "no Redis on 127.0.0.1:" + port);
  }

  /** Returns the URI of a Redis on {@code port} of 127.0.0.1. */
  static RedisURI uri(int port) {
    return RedisURI.create("redis://127.0.0.1:" + port);
  }

  /**
   * Returns options for tests: a key prefix of the test's own, so that runs beside each other on
   * the shared Redis never meet, and a coordination timeout long enough for a loaded machine.
   */
  static FleetOptions.Builder options() {
    return FleetOptions.builder(SECRET)
        .keyPrefix("collapse-test:" + UUID.randomUUID())
        .coordinationTimeout(Duration.ofSeconds(5))
        .probeInterval(Duration.ofMillis(100));
  }

  /**
   * Returns a coordinator of its own client, once it coordinates: at most 30 s, since the first
   * client of a JVM loads its network stack, which takes seconds on a loaded machine.
   */
  static FleetCoordinator coordinating(int port, FleetOptions options) {
    return coordinating(FleetCoordinator.connect(uri(port), options));
  }

  /**
   * Returns {@code coordinator} once every call coordinates (at most 30 s), or closes it: on a
   * cluster, a tier that is up may still be degraded while the probe has yet to hear from a master
   * on a loaded machine, and the calls of that master's keys would go on locally.
   */
  static FleetCoordinator coordinating(FleetCoordinator coordinator) {
    try {
      coordinator.whenCoordinating().get(30, TimeUnit.SECONDS);
      awaitTrue(
          () ->
              coordinator.stats().state() == FleetState.COORDINATING
                  || coordinator.stats().state() == FleetState.IDLE,
          "every master to answer: " + coordinator.stats(),
          30);
    } catch (Exception e) {
      coordinator.close();
      throw new IllegalStateException("not coordinating after 30 s: " + coordinator.stats(), e);
    }
    return coordinator;
  }

  /** Waits, at most 10 s, until {@code condition} holds; fails naming {@code what} if not. */
  static void awaitTrue(BooleanSupplier condition, String what) {
    awaitTrue(condition, what, 10);
  }

  /** Waits, at most {@code seconds}, until {@code condition} holds; fails naming it if not. */
  static void awaitTrue(BooleanSupplier condition, String what, int seconds) {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() - deadline > 0) {
        throw new IllegalStateException("waited " + seconds + " s for " + what);
      }
      LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
    }
  }

  /** Returns a loopback port that nothing listens on now. */
  static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }

  /** Returns a raw connection to Redis for a test's own commands; close its client after. */
  static RedisClient rawClient(int port) {
    return RedisClient.create(uri(port));
  }

  /** Returns whether something listens on {@code port} of 127.0.0.1. */
  static boolean listening(int port) {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress("127.0.0.1", port), 1000);
      return true;
    } catch (IOException e) {
      return false;
    }
  }
}
