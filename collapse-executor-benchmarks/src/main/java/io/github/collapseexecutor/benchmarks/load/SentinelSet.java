package io.github.collapseexecutor.benchmarks.load;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A Sentinel set of the harness's own: one master, one replica and three sentinels
 * ({@code redis-server --sentinel}) on free loopback ports, watching the master {@value #MASTER}
 * with a quorum of two. The failover case has a sentinel fail the master over
 * ({@code SENTINEL FAILOVER}), then kills the master. Closing it stops every process.
 */
final class SentinelSet implements AutoCloseable {

  /** The name the sentinels know the master by. */
  static final String MASTER = "collapse-load";

  /** How long the sentinels wait for a master that does not answer before they fail it over. */
  static final Duration DOWN_AFTER = Duration.ofSeconds(1);

  private static final int SENTINELS = 3;
  private static final Duration SETTLE_LIMIT = Duration.ofSeconds(60);

  private final RedisNodes nodes;
  private final List<Integer> data = new ArrayList<>();
  private final List<Integer> sentinels = new ArrayList<>();

  private SentinelSet(RedisNodes nodes) {
    this.nodes = nodes;
  }

  /** Starts the set, its files and logs in {@code dir}, and waits until it is settled. */
  static SentinelSet start(Path program, Path dir) throws IOException, InterruptedException {
    SentinelSet set = new SentinelSet(new RedisNodes(program, dir));
    try {
      int master = set.nodes.startServer(port -> List.of());
      set.data.add(master);
      set.data.add(
          set.nodes.startServer(
              port -> List.of("--replicaof", "127.0.0.1", Integer.toString(master))));
      for (int i = 0; i < SENTINELS; i++) {
        set.sentinels.add(
            set.nodes.startSentinel(
                List.of(
                    "sentinel monitor " + MASTER + " 127.0.0.1 " + master + " 2",
                    "sentinel down-after-milliseconds " + MASTER + " " + DOWN_AFTER.toMillis(),
                    "sentinel failover-timeout " + MASTER + " 10000")));
      }
      set.awaitSettled();
      return set;
    } catch (IOException | InterruptedException | RuntimeException e) {
      set.close();
      throw e;
    }
  }

  /** Returns the sentinels as {@code spring.data.redis.sentinel.nodes} takes them. */
  String sentinelNodes() {
    return sentinels.stream().map(port -> "127.0.0.1:" + port).collect(Collectors.joining(","));
  }

  /** Returns the port of the master, as the first sentinel that answers names it. */
  int masterPort() {
    RuntimeException last = null;
    for (int sentinel : sentinels) {
      try {
        return masterNamedBy(sentinel);
      } catch (RuntimeException e) {
        last = e;
      }
    }
    throw new IllegalStateException("no sentinel names the master", last);
  }

  private int masterNamedBy(int sentinel) {
    return ((InetSocketAddress)
            nodes.onSentinel(sentinel, commands -> commands.getMasterAddrByName(MASTER)))
        .getPort();
  }

  /** Has a sentinel fail the master over ({@code SENTINEL FAILOVER}); returns the old master. */
  int failOver() {
    int master = masterPort();
    nodes.onSentinel(sentinels.get(0), commands -> commands.failover(MASTER));
    return master;
  }

  /** Kills the master, as a crash would; returns its port. */
  int killMaster() {
    int master = masterPort();
    nodes.kill(master);
    return master;
  }

  /** Waits, at most a minute, until the sentinels name a master other than {@code old}, settled. */
  void awaitNewMaster(int old) throws InterruptedException {
    RedisNodes.await(
        "a master other than 127.0.0.1:" + old, SETTLE_LIMIT, () -> masterPort() != old);
    awaitSettled();
  }

  /**
   * Waits, at most a minute, until every sentinel names the same master and knows the two
   * others, that node says it is the master, and every other running data node replicates it
   * with its link up: a failover of the set can then be authorised and has a replica to promote.
   */
  void awaitSettled() throws InterruptedException {
    RedisNodes.await("the Sentinel set to settle", SETTLE_LIMIT, this::settled);
  }

  private boolean settled() {
    int master = masterNamedBy(sentinels.get(0));
    for (int sentinel : sentinels) {
      Map<String, String> seen = nodes.onSentinel(sentinel, commands -> commands.master(MASTER));
      if (masterNamedBy(sentinel) != master
          || !"master".equals(seen.get("flags"))
          || !String.valueOf(SENTINELS - 1).equals(seen.get("num-other-sentinels"))) {
        return false;
      }
    }
    if (!nodes.onServer(master, commands -> commands.info("replication")).contains("role:master")) {
      return false;
    }
    for (int replica : data) {
      if (replica != master && nodes.alive(replica)) {
        String replication = nodes.onServer(replica, commands -> commands.info("replication"));
        if (!replication.contains("master_port:" + master)
            || !replication.contains("master_link_status:up")) {
          return false;
        }
      }
    }
    return true;
  }

  /** Stops every process. */
  @Override
  public void close() {
    nodes.close();
  }
}
