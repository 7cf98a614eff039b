package io.github.collapseexecutor.redis;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.IntFunction;

/**
 * The Redis servers the tests use: the shared one on 127.0.0.1:6379 (tests skip when it is not
 * there), or one of a test's own on a free loopback port, which the test may stop and start again
 * without touching the shared one.
 */
final class TestRedis {

  static final int SHARED_PORT = 6379;

  /** A secret of the tests' own: never a real one. */
  static final byte[] SECRET = "test secret of the fleet tier, 32+ bytes long".getBytes(
      StandardCharsets.UTF_8);

  private TestRedis() {}

  /** Skips the test unless a Redis answers on {@code port} of 127.0.0.1. */
  static void assumeRunning(int port) {
    assumeTrue(listening(port), "no Redis on 127.0.0.1:" + port);
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

  /** Returns {@code coordinator} once it coordinates (at most 30 s), or closes it. */
  static FleetCoordinator coordinating(FleetCoordinator coordinator) {
    try {
      coordinator.whenCoordinating().get(30, TimeUnit.SECONDS);
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

  private static boolean listening(int port) {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress("127.0.0.1", port), 1000);
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  /** A redis-server of a test's own, on a loopback port; stop it as the test needs. */
  static final class OwnServer implements AutoCloseable {

    final int port;
    private final List<String> options;
    private Process process;

    private OwnServer(int port, List<String> options) throws IOException {
      this.port = port;
      this.options = options;
      this.process = start(port, options);
    }

    /**
     * Starts one, or skips the test if this machine has no redis-server. A port found free may be
     * taken before the server binds it (by another build's server, or an outgoing connection):
     * then the server exits, and it starts again on another port.
     */
    static OwnServer start() throws IOException {
      return start(port -> List.of());
    }

    /**
     * {@link #start()} with more options for redis-server, made for the port it is to listen on
     * (a cluster node's bus port, its configuration file).
     */
    static OwnServer start(IntFunction<List<String>> options) throws IOException {
      assumeTrue(onPath(), "no redis-server on the PATH");
      for (int attempt = 1; ; attempt++) {
        try {
          int port = freePort();
          return new OwnServer(port, options.apply(port));
        } catch (PortTaken e) {
          if (attempt == 5) {
            throw e;
          }
        }
      }
    }

    /** Stops the server, as a crash would: its clients lose their connections. */
    void stop() {
      process.destroyForcibly();
      try {
        process.waitFor(10, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      awaitTrue(() -> !listening(port), "redis-server on " + port + " to stop");
    }

    /** Starts the server again on the same port. */
    void restart() throws IOException {
      process = start(port, options);
    }

    @Override
    public void close() {
      stop();
    }

    /**
     * Starts redis-server on {@code port} and returns once it answers there: the server itself,
     * known by its process id, not whatever else may listen on the port.
     *
     * @throws PortTaken if the server exited instead, as it does when the port is taken
     */
    private static Process start(int port, List<String> options) throws IOException {
      List<String> command = new ArrayList<>(List.of("redis-server", "--port",
          Integer.toString(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
          "--daemonize", "no"));
      command.addAll(options);
      Process started = new ProcessBuilder(command)
          .redirectErrorStream(true)
          .redirectOutput(ProcessBuilder.Redirect.DISCARD)
          .start();
      awaitTrue(() -> !started.isAlive() || answersAs(port, started.pid()),
          "redis-server " + started.pid() + " to answer on " + port);
      if (!started.isAlive()) {
        throw new PortTaken(port);
      }
      return started;
    }

    /** Returns whether the Redis that answers on {@code port} is the process {@code pid}. */
    private static boolean answersAs(int port, long pid) {
      try (Socket socket = new Socket()) {
        socket.connect(new InetSocketAddress("127.0.0.1", port), 1000);
        socket.setSoTimeout(1000);
        socket.getOutputStream().write("INFO server\r\n".getBytes(StandardCharsets.US_ASCII));
        BufferedReader reply = new BufferedReader(
            new InputStreamReader(socket.getInputStream(), StandardCharsets.US_ASCII));
        for (String line = reply.readLine(); line != null; line = reply.readLine()) {
          if (line.startsWith("process_id:")) {
            return line.substring("process_id:".length()).trim().equals(Long.toString(pid));
          }
        }
        return false;
      } catch (IOException e) {
        return false;
      }
    }

    /** The server could not take its port: something else holds it. */
    static final class PortTaken extends IOException {
      PortTaken(int port) {
        super("redis-server exited instead of listening on 127.0.0.1:" + port
            + ": the port is taken");
      }
    }

    static boolean onPath() {
      for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
        if (new java.io.File(dir, "redis-server").canExecute()) {
          return true;
        }
      }
      return false;
    }
  }
}
