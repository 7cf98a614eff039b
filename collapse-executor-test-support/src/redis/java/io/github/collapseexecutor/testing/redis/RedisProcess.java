package io.github.collapseexecutor.testing.redis;

import io.github.collapseexecutor.testing.Services;
import java.io.File;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.IntFunction;
import java.util.stream.Stream;
import javax.net.ssl.SSLSocketFactory;

/**
 * One {@code redis-server} process of a test's own, a server or a sentinel, on a free loopback
 * port. It counts as started once the process itself answers there (its {@code process_id}), not
 * whatever else may listen on the port. Every process still alive when the JVM exits is stopped,
 * should a test have lost it.
 */
final class RedisProcess {

  private static final Set<Process> ALIVE = ConcurrentHashMap.newKeySet();

  static {
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(() -> ALIVE.forEach(Process::destroyForcibly), "redis-test-servers-stop"));
  }

  private final int port;
  private final List<String> command;
  private final Connector connector;
  private Process process;

  private RedisProcess(int port, List<String> command, Connector connector) throws IOException {
    this.port = port;
    this.command = command;
    this.connector = connector;
    this.process = launch();
  }

  /**
   * Starts {@code redis-server} with the arguments {@code arguments} makes for the port it is to
   * listen on. A port found free may be taken before the server binds it (by another build's
   * server, or an outgoing connection): then it exits, and starts again on another port.
   *
   * @param connector how to reach the server for its process id (TLS, a password)
   */
  static RedisProcess start(IntFunction<List<String>> arguments, Connector connector)
      throws IOException {
    for (int attempt = 1; ; attempt++) {
      int port = freePort();
      List<String> command = new ArrayList<>(List.of("redis-server"));
      command.addAll(arguments.apply(port));
      try {
        return new RedisProcess(port, command, connector);
      } catch (PortTaken e) {
        if (attempt == 5) {
          throw e;
        }
      }
    }
  }

  int port() {
    return port;
  }

  /** Returns a new admin connection to the process. */
  RedisAdmin admin() throws IOException {
    return connector.connect(port);
  }

  /** Returns whether the process runs. */
  boolean alive() {
    return process.isAlive();
  }

  /** Stops the process at once, as a crash would: its clients lose their connections. */
  void stop() {
    process.destroyForcibly();
    try {
      process.waitFor(10, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    ALIVE.remove(process);
  }

  /**
   * Sends the process {@code signal} ({@code STOP}, {@code CONT}), as {@code kill -s} does: a
   * stopped server keeps its connections and answers nothing.
   */
  void signal(String signal) throws IOException {
    Process kill = new ProcessBuilder("kill", "-s", signal, Long.toString(process.pid())).start();
    try {
      if (!kill.waitFor(10, TimeUnit.SECONDS) || kill.exitValue() != 0) {
        throw new IOException("kill -s " + signal + " " + process.pid() + " failed");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException(e);
    }
  }

  /** Starts the process again on the same port, with the same arguments. */
  void restart() throws IOException {
    process = launch();
  }

  private Process launch() throws IOException {
    Process started =
        new ProcessBuilder(command)
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .start();
    ALIVE.add(started);
    try {
      awaitTrue(
          () -> !started.isAlive() || answersAs(started.pid()),
          "redis-server " + started.pid() + " to answer on " + port,
          30);
    } catch (RuntimeException e) {
      started.destroyForcibly();
      ALIVE.remove(started);
      throw e;
    }
    if (!started.isAlive()) {
      ALIVE.remove(started);
      throw new PortTaken(port);
    }
    return started;
  }

  private boolean answersAs(long pid) {
    try (RedisAdmin admin = connector.connect(port)) {
      for (String line : admin.text("INFO", "server").split("\r?\n", /* limit= */ -1)) {
        if (line.startsWith("process_id:")) {
          return line.substring("process_id:".length()).trim().equals(Long.toString(pid));
        }
      }
      return false;
    } catch (IOException | RuntimeException notYet) {
      return false;
    }
  }

  /** Skips the test (or fails it, {@link Services}) unless this machine has {@code redis-server} and {@code redis-cli}. */
  static void assumeInstalled() {
    Services.assume(
        onPath("redis-server") && onPath("redis-cli"), "no redis-server or redis-cli on the PATH");
  }

  /** Returns whether {@code program} is an executable on the PATH. */
  static boolean onPath(String program) {
    for (String dir :
        System.getenv().getOrDefault("PATH", "").split(File.pathSeparator, /* limit= */ -1)) {
      if (new File(dir, program).canExecute()) {
        return true;
      }
    }
    return false;
  }

  /** Returns a loopback port that nothing listens on now. */
  static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }

  /** Waits, at most {@code seconds}, until {@code condition} holds; fails naming it if not. */
  static void awaitTrue(BooleanSupplier condition, String what, int seconds) {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() - deadline > 0) {
        throw new IllegalStateException("waited " + seconds + " s for " + what);
      }
      LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(10));
    }
  }

  /** Deletes {@code dir} and everything in it. */
  static void deleteTree(Path dir) {
    try (Stream<Path> files = Files.walk(dir)) {
      files.sorted(Comparator.reverseOrder()).map(Path::toFile).forEach(File::delete);
    } catch (IOException gone) {
      // nothing left to delete
    }
  }

  /** How to open an admin connection to a port. */
  @FunctionalInterface
  interface Connector {
    RedisAdmin connect(int port) throws IOException;

    /** Plain, as the default user, with {@code password} if not null. */
    static Connector plain(String password) {
      return port -> RedisAdmin.connect(port, null, null, password);
    }

    /** Over TLS with {@code tls}, as the default user, with {@code password} if not null. */
    static Connector tls(SSLSocketFactory tls, String password) {
      return port -> RedisAdmin.connect(port, tls, null, password);
    }
  }

  /** The server could not take its port: something else holds it. */
  static final class PortTaken extends IOException {
    private static final long serialVersionUID = 1L;

    PortTaken(int port) {
      super(
          "redis-server exited instead of listening on 127.0.0.1:" + port + ": the port is taken");
    }
  }
}
