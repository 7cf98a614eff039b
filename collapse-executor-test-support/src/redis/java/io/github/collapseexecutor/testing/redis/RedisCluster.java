package io.github.collapseexecutor.testing.redis;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.TimeUnit;

/**
 * A Redis Cluster of a test's own: three masters on free loopback ports, each with a replica if
 * asked, made by {@code redis-cli --cluster create}. The test may fail a master over or kill it.
 * Closing it stops every node, also when the test failed, and deletes their files. Skipped where
 * redis-server or redis-cli is not installed.
 */
public final class RedisCluster implements AutoCloseable {

  private static final int MASTERS = 3;

  private final Path dir;
  private final List<RedisProcess> nodes = new ArrayList<>();

  private RedisCluster(Path dir) {
    this.dir = dir;
  }

  /** Starts a cluster of three masters, each with a replica if {@code replicas}. */
  public static RedisCluster start(boolean replicas) throws IOException {
    RedisProcess.assumeInstalled();
    RedisCluster cluster = new RedisCluster(Files.createTempDirectory("redis-test-cluster"));
    try {
      for (int i = 0; i < (replicas ? 2 * MASTERS : MASTERS); i++) {
        cluster.nodes.add(
            RedisProcess.start(cluster::nodeArguments, RedisProcess.Connector.plain(null)));
      }
      cluster.create(replicas);
      cluster.awaitAgreed();
      return cluster;
    } catch (IOException | RuntimeException | Error e) {
      cluster.close();
      throw e;
    }
  }

  private List<String> nodeArguments(int port) {
    try {
      return List.of(
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
          "--cluster-enabled",
          "yes",
          "--cluster-port",
          Integer.toString(RedisProcess.freePort()),
          "--cluster-config-file",
          dir.resolve("nodes-" + port + ".conf").toString(),
          "--cluster-node-timeout",
          "3000",
          "--dir",
          dir.toString());
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  private void create(boolean replicas) throws IOException {
    List<String> command = new ArrayList<>(List.of("redis-cli", "--cluster", "create"));
    nodes.forEach(node -> command.add("127.0.0.1:" + node.port()));
    command.addAll(List.of("--cluster-replicas", replicas ? "1" : "0", "--cluster-yes"));
    Process cli = new ProcessBuilder(command).redirectErrorStream(true).start();
    try {
      if (!cli.waitFor(60, TimeUnit.SECONDS)) {
        throw new IllegalStateException("redis-cli --cluster create took over 60 s");
      }
      if (cli.exitValue() != 0) {
        throw new IllegalStateException(
            "redis-cli --cluster create failed: "
                + new String(cli.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while creating the cluster", e);
    } finally {
      cli.destroyForcibly();
    }
  }

  /**
   * Waits, at most 30 s, until every running node sees the cluster up, all slots served by
   * three masters, and every replica in sync with its master.
   */
  public void awaitAgreed() {
    RedisProcess.awaitTrue(
        () -> nodes.stream().filter(RedisProcess::alive).allMatch(node -> agreed(node.port())),
        "the cluster to agree",
        30);
  }

  private boolean agreed(int port) {
    try (RedisAdmin admin = admin(port)) {
      String info = admin.text("CLUSTER", "INFO");
      String replication = admin.text("INFO", "replication");
      return info.contains("cluster_state:ok")
          && info.contains("cluster_known_nodes:" + nodes.size())
          && (!replication.contains("role:slave") || replication.contains("master_link_status:up"))
          && ClusterNodes.of(admin.text("CLUSTER", "NODES")).masters() == MASTERS;
    } catch (IOException | RuntimeException notYet) {
      return false;
    }
  }

  /** Returns the URIs of every node, {@code redis://127.0.0.1:port}, to find the cluster by. */
  public List<String> uris() {
    return nodes.stream().map(node -> "redis://127.0.0.1:" + node.port()).toList();
  }

  /** Returns the ports of every node, in the order they were started. */
  public List<Integer> ports() {
    return nodes.stream().map(RedisProcess::port).toList();
  }

  /** Returns the port of the master that serves the slot of {@code key}, as a live node sees it. */
  public int masterOf(String key) {
    return findMasterOf(key)
        .orElseThrow(() -> new IllegalStateException("no master serves the slot of " + key));
  }

  /**
   * Returns whether the master on {@code port} serves the slot of {@code key} now, as a live node
   * sees it: false while no master serves it, as for a moment during a failover.
   */
  public boolean servedBy(String key, int port) {
    OptionalInt master = findMasterOf(key);
    return master.isPresent() && master.getAsInt() == port;
  }

  private OptionalInt findMasterOf(String key) {
    try (RedisAdmin admin = admin(anyAlive())) {
      long slot = (Long) admin.call("CLUSTER", "KEYSLOT", key);
      return ClusterNodes.of(admin.text("CLUSTER", "NODES")).findMasterOfSlot((int) slot);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Returns the port of a replica of the master on {@code masterPort}. */
  public int replicaOf(int masterPort) {
    try (RedisAdmin admin = admin(masterPort)) {
      return ClusterNodes.of(admin.text("CLUSTER", "NODES")).replicaOf(masterPort);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Returns whether the node on {@code port} is a master now, as it sees itself. */
  public boolean isMaster(int port) {
    try (RedisAdmin admin = admin(port)) {
      return ClusterNodes.of(admin.text("CLUSTER", "NODES")).selfIsMaster();
    } catch (IOException | RuntimeException e) {
      return false;
    }
  }

  /** Has the replica on {@code replicaPort} take its master's slots ({@code CLUSTER FAILOVER}). */
  public void failOver(int replicaPort) throws IOException {
    try (RedisAdmin admin = admin(replicaPort)) {
      admin.call("CLUSTER", "FAILOVER");
    }
  }

  /** Stops the node on {@code port}, as a crash would. */
  public void kill(int port) {
    node(port).stop();
  }

  /** Returns a new connection to the node on {@code port} for a test's own commands. */
  public RedisAdmin admin(int port) throws IOException {
    return node(port).admin();
  }

  private RedisProcess node(int port) {
    return nodes.stream()
        .filter(node -> node.port() == port)
        .findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no node of this cluster on " + port));
  }

  private int anyAlive() {
    return nodes.stream().filter(RedisProcess::alive).findFirst().orElseThrow().port();
  }

  /** Stops every node and deletes their files. */
  @Override
  public void close() {
    try {
      nodes.forEach(RedisProcess::stop);
    } finally {
      RedisProcess.deleteTree(dir);
    }
  }
}
