package io.github.collapseexecutor.benchmarks.load;

import io.lettuce.core.cluster.models.partitions.ClusterPartitionParser;
import io.lettuce.core.cluster.models.partitions.Partitions;
import io.lettuce.core.cluster.models.partitions.RedisClusterNode;
import io.lettuce.core.cluster.models.partitions.RedisClusterNode.NodeFlag;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * A Redis Cluster of the harness's own: three masters, each with a replica, on free loopback
 * ports, made by {@code redis-cli --cluster create}. The failover case has a replica take its
 * master's slots ({@code CLUSTER FAILOVER}), then kills a master. Closing it stops every node.
 */
final class ClusterSet implements AutoCloseable {

  static final String INSTALL_HINT =
      "redis-cli is not installed; on Debian or Ubuntu: apt-get"
          + " install -y redis-tools (redis-server brings it)";

  /** How long the nodes wait for one that does not answer before they take it for failed. */
  static final Duration NODE_TIMEOUT = Duration.ofSeconds(3);

  private static final int MASTERS = 3;
  private static final Duration SETTLE_LIMIT = Duration.ofSeconds(60);

  private final RedisNodes nodes;
  private final List<Integer> ports = new ArrayList<>();

  private ClusterSet(RedisNodes nodes) {
    this.nodes = nodes;
  }

  /** Returns the redis-cli executable, which makes the cluster, if it is installed. */
  static Optional<Path> findCli() {
    return Executables.onPath("redis-cli");
  }

  /** Starts the cluster, its files and logs in {@code dir}, and waits until it is settled. */
  static ClusterSet start(Path program, Path cli, Path dir)
      throws IOException, InterruptedException {
    ClusterSet cluster = new ClusterSet(new RedisNodes(program, dir));
    try {
      for (int i = 0; i < 2 * MASTERS; i++) {
        cluster.ports.add(
            cluster.nodes.startServer(
                port ->
                    List.of(
                        "--cluster-enabled",
                        "yes",
                        // the bus port is by default the port plus 10000, which may be beyond 65535
                        "--cluster-port",
                        Integer.toString(Loopback.freePort()),
                        "--cluster-config-file",
                        cluster.nodes.dir().resolve("nodes-" + port + ".conf").toString(),
                        "--cluster-node-timeout",
                        Long.toString(NODE_TIMEOUT.toMillis()))));
      }
      cluster.create(cli);
      cluster.awaitSettled();
      return cluster;
    } catch (IOException | InterruptedException | RuntimeException e) {
      cluster.close();
      throw e;
    }
  }

  private void create(Path cli) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of(cli.toString(), "--cluster", "create"));
    ports.forEach(port -> command.add("127.0.0.1:" + port));
    command.addAll(List.of("--cluster-replicas", "1", "--cluster-yes"));
    Path log = nodes.dir().resolve("cluster-create.log");
    Process create =
        new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    try {
      if (!create.waitFor(60, TimeUnit.SECONDS) || create.exitValue() != 0) {
        throw new IllegalStateException(
            String.join(" ", command) + " failed:\n" + Files.readString(log));
      }
    } finally {
      create.destroyForcibly();
    }
  }

  /** Returns every node, as {@code spring.data.redis.cluster.nodes} takes them. */
  String nodeAddresses() {
    return ports.stream().map(port -> "127.0.0.1:" + port).collect(Collectors.joining(","));
  }

  /**
   * Returns the port of the master that holds keys matching {@code pattern} ({@code KEYS} on each
   * running node that says it is a master), or empty if none does now. A node's own word counts,
   * not another's view of it, which lags behind a failover.
   */
  Optional<Integer> masterHolding(String pattern) {
    return ports.stream()
        .filter(port -> nodes.alive(port) && isMaster(port))
        .filter(port -> !nodes.onServer(port, commands -> commands.keys(pattern)).isEmpty())
        .findFirst();
  }

  /** Returns the port of a replica of the master on {@code master}, as the master sees it. */
  int replicaOf(int master) {
    Partitions topology = ClusterPartitionParser.parse(clusterNodes(master));
    String masterId =
        topology.stream()
            .filter(node -> node.is(NodeFlag.MYSELF))
            .findFirst()
            .orElseThrow()
            .getNodeId();
    return topology.stream()
        .filter(node -> masterId.equals(node.getSlaveOf()))
        .map(node -> node.getUri().getPort())
        .findFirst()
        .orElseThrow(() -> new IllegalStateException("no replica of 127.0.0.1:" + master));
  }

  /** Has the replica on {@code replica} take its master's slots ({@code CLUSTER FAILOVER}). */
  void failOver(int replica) {
    nodes.onServer(replica, commands -> commands.clusterFailover(/* force= */ false));
  }

  /** Kills the node on {@code port}, as a crash would. */
  void kill(int port) {
    nodes.kill(port);
  }

  /** Returns whether the node on {@code port} says it is a master. */
  boolean isMaster(int port) {
    return nodes.onServer(port, commands -> commands.info("replication")).contains("role:master");
  }

  /** Waits, at most a minute, until the node on {@code port} is a master, settled. */
  void awaitMaster(int port) throws InterruptedException {
    RedisNodes.await("127.0.0.1:" + port + " to be a master", SETTLE_LIMIT, () -> isMaster(port));
    awaitSettled();
  }

  /**
   * Waits, at most a minute, until every running node sees the cluster up and the same three
   * masters serving the slots, and every running replica has its link to its master up: after a
   * failover, until the nodes agree on it.
   */
  void awaitSettled() throws InterruptedException {
    RedisNodes.await(
        "the cluster to settle",
        SETTLE_LIMIT,
        () -> {
          Set<Set<Integer>> views = new HashSet<>();
          for (int port : ports) {
            if (nodes.alive(port)) {
              if (!upWithLinks(port)) {
                return false;
              }
              views.add(mastersSeenBy(port));
            }
          }
          return views.size() == 1 && views.iterator().next().size() == MASTERS;
        });
  }

  private boolean upWithLinks(int port) {
    String replication = nodes.onServer(port, commands -> commands.info("replication"));
    return nodes.onServer(port, commands -> commands.clusterInfo()).contains("cluster_state:ok")
        && (replication.contains("role:master") || replication.contains("master_link_status:up"));
  }

  /** Returns the masters that serve slots, as the node on {@code port} sees them. */
  private Set<Integer> mastersSeenBy(int port) {
    return ClusterPartitionParser.parse(clusterNodes(port)).stream()
        .filter(node -> isMaster(node) && !node.getSlots().isEmpty())
        .map(node -> node.getUri().getPort())
        .collect(Collectors.toSet());
  }

  private String clusterNodes(int port) {
    return nodes.onServer(port, commands -> commands.clusterNodes());
  }

  private static boolean isMaster(RedisClusterNode node) {
    return node.is(NodeFlag.UPSTREAM)
        && !node.is(NodeFlag.FAIL)
        && !node.is(NodeFlag.EVENTUAL_FAIL);
  }

  /** Stops every node. */
  @Override
  public void close() {
    nodes.close();
  }
}
