package io.github.collapseexecutor.redis;

import static io.github.collapseexecutor.redis.TestRedis.awaitTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import io.lettuce.core.cluster.SlotHash;
import io.lettuce.core.cluster.models.partitions.ClusterPartitionParser;
import io.lettuce.core.cluster.models.partitions.Partitions;
import io.lettuce.core.cluster.models.partitions.RedisClusterNode;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A Redis Cluster of a test's own: three masters on loopback ports, each with a replica if asked,
 * made by {@code redis-cli --cluster create}. Closing it stops every node, also when the test
 * failed, and deletes their files. The test is skipped when redis-server or redis-cli is not on
 * the PATH.
 */
final class TestCluster implements AutoCloseable {

  private static final int MASTERS = 3;

  private final Path dir;
  private final List<TestRedis.OwnServer> nodes = new ArrayList<>();
  private final RedisClient admin = RedisClient.create();
  private final ConcurrentHashMap<Integer, StatefulRedisConnection<String, String>> connections =
      new ConcurrentHashMap<>();

  private TestCluster(Path dir) {
    this.dir = dir;
  }

  /** Starts a cluster of three masters, each with a replica if {@code replicas}. */
  static TestCluster start(boolean replicas) throws Exception {
    assumeTrue(TestRedis.OwnServer.onPath() && cliOnPath(), "no redis-server or redis-cli");
    TestCluster cluster = new TestCluster(Files.createTempDirectory("collapse-fleet-cluster"));
    try {
      for (int i = 0; i < (replicas ? 2 * MASTERS : MASTERS); i++) {
        cluster.nodes.add(TestRedis.OwnServer.start(cluster::nodeOptions));
      }
      cluster.create(replicas);
      cluster.awaitAgreed();
      return cluster;
    } catch (Exception | Error e) {
      cluster.close();
      throw e;
    }
  }

  private List<String> nodeOptions(int port) {
    try {
      return List.of("--cluster-enabled", "yes",
          "--cluster-port", Integer.toString(TestRedis.freePort()),
          "--cluster-config-file", dir.resolve("nodes-" + port + ".conf").toString(),
          "--cluster-node-timeout", "3000", "--dir", dir.toString());
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  private void create(boolean replicas) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of("redis-cli", "--cluster", "create"));
    nodes.forEach(node -> command.add("127.0.0.1:" + node.port));
    command.addAll(List.of("--cluster-replicas", replicas ? "1" : "0", "--cluster-yes"));
    Process cli = new ProcessBuilder(command).redirectErrorStream(true).start();
    String output;
    try {
      if (!cli.waitFor(60, TimeUnit.SECONDS)) {
        throw new IllegalStateException("redis-cli --cluster create took over 60 s");
      }
      output = new String(cli.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    } finally {
      cli.destroyForcibly();
    }
    if (cli.exitValue() != 0) {
      throw new IllegalStateException("redis-cli --cluster create failed: " + output);
    }
  }

  /**
   * Waits, at most 30 s, until every node sees the cluster up, all slots served, one master per
   * third of them, and every replica in sync with its master.
   */
  void awaitAgreed() {
    awaitTrue(() -> nodes.stream().allMatch(node -> agreed(node.port)), "the cluster to agree",
        30);
  }

  private boolean agreed(int port) {
    try {
      String info = redis(port).clusterInfo();
      String replication = redis(port).info("replication");
      return info.contains("cluster_state:ok")
          && info.contains("cluster_known_nodes:" + nodes.size())
          && (!replication.contains("role:slave")
              || replication.contains("master_link_status:up"))
          && masters(port) == MASTERS;
    } catch (RuntimeException notYet) {
      return false;
    }
  }

  /** Returns the nodes to find the cluster through. */
  List<RedisURI> seeds() {
    return List.of(TestRedis.uri(nodes.get(0).port));
  }

  /** Returns the port of the master that serves the slot of {@code key}, as node 0 sees it. */
  int masterOf(String key) {
    return partitions(nodes.get(0).port).getPartitionBySlot(SlotHash.getSlot(key)).getUri()
        .getPort();
  }

  /** Returns the port of a replica of the master on {@code masterPort}. */
  int replicaOf(int masterPort) {
    Partitions partitions = partitions(masterPort);
    String masterId = partitions.getPartition("127.0.0.1", masterPort).getNodeId();
    return partitions.stream().filter(node -> masterId.equals(node.getSlaveOf()))
        .findFirst().orElseThrow().getUri().getPort();
  }

  /** Returns whether the node on {@code port} is a master now, as it sees itself. */
  boolean isMaster(int port) {
    return partitions(port).stream()
        .anyMatch(node -> node.is(RedisClusterNode.NodeFlag.MYSELF)
            && node.is(RedisClusterNode.NodeFlag.UPSTREAM));
  }

  /** Returns the commands of a connection to the node on {@code port}. */
  RedisCommands<String, String> redis(int port) {
    return connections.computeIfAbsent(port, p -> admin.connect(TestRedis.uri(p))).sync();
  }

  private long masters(int port) {
    return partitions(port).stream()
        .filter(node -> node.is(RedisClusterNode.NodeFlag.UPSTREAM) && !node.getSlots().isEmpty())
        .count();
  }

  private Partitions partitions(int port) {
    return ClusterPartitionParser.parse(redis(port).clusterNodes());
  }

  @Override
  public void close() throws IOException {
    try {
      admin.shutdown();
    } finally {
      nodes.forEach(TestRedis.OwnServer::close);
      try (Stream<Path> files = Files.walk(dir)) {
        files.sorted(Comparator.reverseOrder()).map(Path::toFile).forEach(File::delete);
      }
    }
  }

  private static boolean cliOnPath() {
    for (String path : System.getenv().getOrDefault("PATH", "").split(":")) {
      if (new File(path, "redis-cli").canExecute()) {
        return true;
      }
    }
    return false;
  }
}
