package io.github.collapseexecutor.benchmarks.load;

import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import io.lettuce.core.sentinel.api.StatefulRedisSentinelConnection;
import io.lettuce.core.sentinel.api.sync.RedisSentinelCommands;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import java.util.function.IntFunction;
import java.util.stream.Stream;

/**
 * The redis-server processes of a set of the harness's own (a Sentinel set, a cluster) on
 * 127.0.0.1, each on a free port, with nothing kept on disk; a case kills one as a crash would.
 * The harness's own commands to them go through Lettuce, the client the fleet tier brings, on a
 * connection per command. Closing stops every process.
 */
final class RedisNodes implements AutoCloseable {

  private static final Duration COMMAND_TIMEOUT = Duration.ofSeconds(5);
  private static final Duration POLL = Duration.ofMillis(100);

  private final Path program;
  private final Path dir;
  private final RedisClient client = RedisClient.create();
  private final Map<Integer, ChildProcess> processes = new LinkedHashMap<>();

  /**
   * Creates the set's folder {@code dir}, emptied of an earlier run's files: a cluster node that
   * found the configuration an earlier node on its port left would join that node's cluster.
   */
  RedisNodes(Path program, Path dir) throws IOException {
    this.program = program;
    this.dir = Files.createDirectories(dir).toAbsolutePath();
    try (Stream<Path> files = Files.list(this.dir)) {
      for (Path file : files.toList()) {
        Files.deleteIfExists(file);
      }
    }
  }

  /** Returns the folder of the processes' files and logs. */
  Path dir() {
    return dir;
  }

  /**
   * Starts a data node with the arguments {@code more} makes for its port (a replica's, a
   * cluster node's) and returns its port.
   */
  int startServer(IntFunction<List<String>> more) throws IOException, InterruptedException {
    int port = Loopback.freePort();
    start(port, RedisServer.command(program, port, dir, more.apply(port)));
    return port;
  }

  /**
   * Starts a sentinel with {@code config}, the lines of its configuration besides its address,
   * and returns its port. A sentinel rewrites its file as it learns: one file each.
   */
  int startSentinel(List<String> config) throws IOException, InterruptedException {
    int port = Loopback.freePort();
    List<String> lines = new ArrayList<>(List.of("port " + port, "bind 127.0.0.1", "dir " + dir));
    lines.addAll(config);
    Path file =
        Files.write(dir.resolve("sentinel-" + port + ".conf"), lines, StandardCharsets.US_ASCII);
    start(port, List.of(program.toString(), file.toString(), "--sentinel"));
    return port;
  }

  private void start(int port, List<String> command) throws IOException, InterruptedException {
    processes.put(
        port,
        ChildProcess.startListening(command, dir.resolve("redis-" + port + ".log"), port, dir));
  }

  /** Stops the process on {@code port} at once, as a crash would. */
  void kill(int port) {
    process(port).kill();
  }

  /** Returns whether the process on {@code port} runs. */
  boolean alive(int port) {
    return process(port).process().isAlive();
  }

  private ChildProcess process(int port) {
    ChildProcess process = processes.get(port);
    if (process == null) {
      throw new IllegalArgumentException("no redis-server of this set on port " + port);
    }
    return process;
  }

  /** Sends {@code command} to the data node on {@code port} and returns its answer. */
  <T> T onServer(int port, Function<RedisCommands<String, String>, T> command) {
    try (StatefulRedisConnection<String, String> connection = client.connect(uri(port))) {
      return command.apply(connection.sync());
    }
  }

  /** Sends {@code command} to the sentinel on {@code port} and returns its answer. */
  <T> T onSentinel(int port, Function<RedisSentinelCommands<String, String>, T> command) {
    try (StatefulRedisSentinelConnection<String, String> connection =
        client.connectSentinel(uri(port))) {
      return command.apply(connection.sync());
    }
  }

  private static RedisURI uri(int port) {
    return RedisURI.builder()
        .withHost("127.0.0.1")
        .withPort(port)
        .withTimeout(COMMAND_TIMEOUT)
        .build();
  }

  /**
   * Waits, at most {@code limit}, until {@code condition} holds; a condition that throws does
   * not hold yet (a node that does not answer).
   *
   * @throws IllegalStateException naming {@code what} if it did not hold in time
   */
  static void await(String what, Duration limit, BooleanSupplier condition)
      throws InterruptedException {
    long deadline = System.nanoTime() + limit.toNanos();
    while (!holds(condition)) {
      if (System.nanoTime() - deadline > 0) {
        throw new IllegalStateException("waited " + limit.toSeconds() + " s for " + what);
      }
      Thread.sleep(POLL.toMillis());
    }
  }

  private static boolean holds(BooleanSupplier condition) {
    try {
      return condition.getAsBoolean();
    } catch (RuntimeException notYet) {
      return false;
    }
  }

  /** Stops every process, then the client. */
  @Override
  public void close() {
    processes.values().forEach(ChildProcess::close);
    client.shutdown(0, 2, TimeUnit.SECONDS);
  }
}
