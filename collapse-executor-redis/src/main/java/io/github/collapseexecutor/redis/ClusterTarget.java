package io.github.collapseexecutor.redis;

import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisURI;
import io.lettuce.core.cluster.ClusterClientOptions;
import io.lettuce.core.cluster.ClusterTopologyRefreshOptions;
import io.lettuce.core.cluster.RedisClusterClient;
import io.lettuce.core.cluster.SlotHash;
import io.lettuce.core.cluster.api.async.RedisClusterAsyncCommands;
import io.lettuce.core.cluster.models.partitions.RedisClusterNode;
import io.lettuce.core.cluster.pubsub.StatefulRedisClusterPubSubConnection;
import io.lettuce.core.resource.ClientResources;
import io.lettuce.core.resource.Delay;
import java.time.Duration;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.UnaryOperator;
import org.jspecify.annotations.Nullable;

/**
 * A Redis Cluster: commands go to the node of their key's slot and follow {@code MOVED} and
 * {@code ASK}; a shard channel's subscription goes to the node of its slot, and a classic one to
 * any node, since classic messages reach every node.
 */
final class ClusterTarget extends RedisTarget {

  /**
   * How often a client the tier made reads the cluster's topology again, besides when a command
   * meets a redirect or a lost node (the adaptive triggers): a failover that no command of this
   * instance ran into yet is followed within it.
   */
  static final Duration TOPOLOGY_REFRESH_PERIOD = Duration.ofSeconds(30);

  private final RedisClusterClient client;
  private final @Nullable String user;

  private ClusterTarget(RedisClusterClient client, boolean ownsClient, @Nullable String user) {
    super(client, ownsClient);
    this.client = client;
    this.user = user;
  }

  /**
   * Returns a target on a client of its own, on the cluster that {@code seeds} belong to: it
   * rejects commands while it reconnects, tries to reconnect once per {@link
   * FleetOptions#probeInterval()}, and refreshes its view of the slots on every trigger and
   * once per {@link #TOPOLOGY_REFRESH_PERIOD}; the rest of {@code clientOptions} (TLS, sockets,
   * protocol) holds.
   */
  static ClusterTarget owned(
      Iterable<RedisURI> seeds, ClusterClientOptions clientOptions, FleetOptions options) {
    RedisClusterClient client =
        RedisClusterClient.create(
            ClientResources.builder()
                .reconnectDelay(Delay.constant(options.probeInterval()))
                .build(),
            seeds);
    client.setOptions(
        clientOptions
            .mutate()
            .autoReconnect(true)
            .disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS)
            .topologyRefreshOptions(topologyRefresh())
            .build());
    RedisURI first = seeds.iterator().hasNext() ? seeds.iterator().next() : null;
    return new ClusterTarget(client, /* ownsClient= */ true, userOf(first));
  }

  /** Returns a target on the application's client, which it leaves open. */
  static ClusterTarget shared(RedisClusterClient client) {
    return new ClusterTarget(client, /* ownsClient= */ false, /* user= */ null);
  }

  // Lettuce 7 turns every adaptive trigger on by default and deprecates turning them on; Lettuce
  // 6, which Spring Boot 3.5 manages, has them off unless asked
  @SuppressWarnings("deprecation")
  private static ClusterTopologyRefreshOptions topologyRefresh() {
    return ClusterTopologyRefreshOptions.builder()
        .enableAllAdaptiveRefreshTriggers()
        .enablePeriodicRefresh(TOPOLOGY_REFRESH_PERIOD)
        .build();
  }

  // the slots as the client saw them last: read again at each redirect and periodically
  @Override
  List<String> probeDigests(String instanceToken, UnaryOperator<String> name) {
    List<String> digests = new ArrayList<>();
    int n = 0;
    for (RedisClusterNode node : client.getPartitions()) {
      if (node.getSlots().isEmpty()) {
        continue;
      }
      String digest;
      do {
        digest = RedisNames.probeDigest(instanceToken, n++);
      } while (!node.hasSlot(SlotHash.getSlot(name.apply(digest))));
      digests.add(digest);
    }
    return digests.isEmpty() ? super.probeDigests(instanceToken, name) : digests;
  }

  // a cluster routes each key to its slot's node: nothing to check
  @Override
  CompletionStage<?> checkTopology(
      RedisClusterAsyncCommands<String, byte[]> redis, RedisNames names) {
    return CompletableFuture.completedFuture(null);
  }

  /**
   * Reads the cluster's topology again, since a master may have died and its replica taken its
   * slots over: the probe fails on the dead master until then, and the commands the client
   * rejects while it reconnects there meet no redirect that would trigger a refresh, while
   * Lettuce 6 lets one adaptive refresh through per 30 s.
   */
  @Override
  void probeFailed() {
    client.refreshPartitionsAsync();
  }

  @Override
  @Nullable Shard shardOf(String key) {
    RedisClusterNode node = client.getPartitions().getPartitionBySlot(SlotHash.getSlot(key));
    if (node == null) {
      return null;
    }
    BitSet slots = new BitSet(SlotHash.SLOT_COUNT);
    node.getSlots().forEach(slots::set);
    return new Shard(node.getUri().getHost() + ":" + node.getUri().getPort(), slots);
  }

  @Override
  Topology topology() {
    return Topology.CLUSTER;
  }

  @Override
  @Nullable String user() {
    return user;
  }

  // the client connects once it knows the slots; reading them again costs the probe little
  @Override
  CompletableFuture<Commands> connectCommands() {
    return client
        .refreshPartitionsAsync()
        .toCompletableFuture()
        .thenCompose(slotsKnown -> client.connectAsync(CODEC))
        .thenApply(connection -> new Commands(connection, connection.async()));
  }

  @Override
  CompletableFuture<StatefulRedisClusterPubSubConnection<String, byte[]>> connectPubSub() {
    return client
        .refreshPartitionsAsync()
        .toCompletableFuture()
        .thenCompose(slotsKnown -> client.connectPubSubAsync(CODEC));
  }
}
