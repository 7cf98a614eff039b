package io.github.collapseexecutor.testing.redis;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A Sentinel set of a test's own: one master, one replica and three sentinels ({@code
 * redis-server --sentinel}, from configuration files made for them), all on free loopback ports,
 * watching the master {@value #MASTER_NAME} with a quorum of two. The test may fail the master
 * over ({@code SENTINEL FAILOVER}) or kill it. Closing it stops every process, also when the test
 * failed, and deletes their files. Skipped where redis-server is not installed.
 */
public final class RedisSentinels implements AutoCloseable {

  /** The name the sentinels know the master by. */
  public static final String MASTER_NAME = "mymaster";

  private final Path dir;
  private final List<RedisProcess> data = new ArrayList<>();
  private final List<RedisProcess> sentinels = new ArrayList<>();

  private RedisSentinels(Path dir) {
    this.dir = dir;
  }

  /** Starts the master, its replica and three sentinels, and waits until they all agree. */
  public static RedisSentinels start() throws IOException {
    RedisProcess.assumeInstalled();
    RedisSentinels set = new RedisSentinels(Files.createTempDirectory("redis-test-sentinel"));
    try {
      RedisProcess master =
          RedisProcess.start(
              port -> set.dataArguments(port, List.of()), RedisProcess.Connector.plain(null));
      set.data.add(master);
      set.data.add(
          RedisProcess.start(
              port ->
                  set.dataArguments(
                      port, List.of("--replicaof", "127.0.0.1", Integer.toString(master.port()))),
              RedisProcess.Connector.plain(null)));
      for (int i = 0; i < 3; i++) {
        set.sentinels.add(
            RedisProcess.start(
                port -> set.sentinelArguments(port, master.port()),
                RedisProcess.Connector.plain(null)));
      }
      set.awaitAgreed();
      return set;
    } catch (IOException | RuntimeException | Error e) {
      set.close();
      throw e;
    }
  }

  private List<String> dataArguments(int port, List<String> more) {
    List<String> arguments =
        new ArrayList<>(
            List.of(
                "--port",
                Integer.toString(port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
                "--daemonize",
                "no",
                "--dir",
                dir.toString()));
    arguments.addAll(more);
    return arguments;
  }

  /** A sentinel rewrites its configuration file as it learns: one file of its own each. */
  private List<String> sentinelArguments(int port, int masterPort) {
    Path config = dir.resolve("sentinel-" + port + ".conf");
    try {
      Files.writeString(
          config,
          String.join(
              "\n",
              "port " + port,
              "bind 127.0.0.1",
              "daemonize no",
              "dir " + dir,
              "sentinel monitor " + MASTER_NAME + " 127.0.0.1 " + masterPort + " 2",
              "sentinel down-after-milliseconds " + MASTER_NAME + " 1000",
              // a failed election is tried again after twice this: soon, on a loaded machine
              "sentinel failover-timeout " + MASTER_NAME + " 4000",
              "sentinel parallel-syncs " + MASTER_NAME + " 1",
              ""),
          StandardCharsets.US_ASCII);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return List.of(config.toString(), "--sentinel");
  }

  /**
   * Waits, at most 30 s, until every sentinel names the same master, knows the other two
   * sentinels and a replica in sync, so that a failover can be authorised.
   */
  public void awaitAgreed() {
    RedisProcess.awaitTrue(this::agreed, "the sentinels to agree", 30);
  }

  private boolean agreed() {
    try {
      int master = masterPort();
      for (RedisProcess sentinel : sentinels) {
        try (RedisAdmin admin = sentinel.admin()) {
          if (masterOf(admin) != master
              || !admin.text("SENTINEL", "CKQUORUM", MASTER_NAME).startsWith("OK 3 ")
              || ((List<?>) admin.call("SENTINEL", "REPLICAS", MASTER_NAME)).isEmpty()) {
            return false;
          }
        }
      }
      try (RedisAdmin admin = data(master).admin()) {
        if (!admin.text("INFO", "replication").contains("connected_slaves:1")) {
          return false;
        }
      }
      return true;
    } catch (IOException | RuntimeException notYet) {
      return false;
    }
  }

  /**
   * Returns the Lettuce URI of the set: {@code redis-sentinel://127.0.0.1:p1,...#mymaster}.
   */
  public String uri() {
    return "redis-sentinel://"
        + sentinelPorts().stream().map(port -> "127.0.0.1:" + port).collect(Collectors.joining(","))
        + "#"
        + MASTER_NAME;
  }

  /** Returns the ports of the three sentinels. */
  public List<Integer> sentinelPorts() {
    return sentinels.stream().map(RedisProcess::port).toList();
  }

  /** Returns the port of the master, as the first sentinel that answers names it. */
  public int masterPort() {
    IOException last = null;
    for (RedisProcess sentinel : sentinels) {
      try (RedisAdmin admin = sentinel.admin()) {
        return masterOf(admin);
      } catch (IOException e) {
        last = e;
      }
    }
    throw new UncheckedIOException("no sentinel answers", last);
  }

  private static int masterOf(RedisAdmin sentinel) throws IOException {
    List<?> address = (List<?>) sentinel.call("SENTINEL", "GET-MASTER-ADDR-BY-NAME", MASTER_NAME);
    return Integer.parseInt((String) address.get(1));
  }

  /** Returns the port of the data node that is not the master now. */
  public int replicaPort() {
    int master = masterPort();
    return data.stream()
        .mapToInt(RedisProcess::port)
        .filter(port -> port != master)
        .findFirst()
        .orElseThrow();
  }

  /** Asks a sentinel to fail the master over ({@code SENTINEL FAILOVER}); returns the old one. */
  public int failOver() throws IOException {
    int master = masterPort();
    try (RedisAdmin admin = sentinels.get(0).admin()) {
      admin.call("SENTINEL", "FAILOVER", MASTER_NAME);
    }
    return master;
  }

  /** Stops the master, as a crash would; returns its port. */
  public int killMaster() throws IOException {
    int master = masterPort();
    data(master).stop();
    return master;
  }

  /**
   * Waits, at most {@code seconds}, until every sentinel names a master other than
   * {@code oldMaster}, and that node says it is one.
   */
  public void awaitMasterOtherThan(int oldMaster, int seconds) {
    RedisProcess.awaitTrue(
        () -> {
          try {
            for (RedisProcess sentinel : sentinels) {
              try (RedisAdmin admin = sentinel.admin()) {
                if (masterOf(admin) == oldMaster) {
                  return false;
                }
              }
            }
            try (RedisAdmin admin = data(masterPort()).admin()) {
              return admin.text("INFO", "replication").contains("role:master");
            }
          } catch (IOException | RuntimeException notYet) {
            return false;
          }
        },
        "a master other than 127.0.0.1:" + oldMaster,
        seconds);
  }

  /** Returns a new connection to the data node on {@code port} for a test's own commands. */
  public RedisAdmin admin(int port) throws IOException {
    return data(port).admin();
  }

  private RedisProcess data(int port) {
    return data.stream()
        .filter(node -> node.port() == port)
        .findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no data node of this set on " + port));
  }

  /** Stops every process and deletes their files. */
  @Override
  public void close() {
    try {
      sentinels.forEach(RedisProcess::stop);
      data.forEach(RedisProcess::stop);
    } finally {
      RedisProcess.deleteTree(dir);
    }
  }
}
