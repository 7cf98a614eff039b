package io.github.collapseexecutor.redis;

import io.lettuce.core.AbstractRedisClient;
import io.lettuce.core.RedisConnectionStateListener;
import io.lettuce.core.RedisCredentials;
import io.lettuce.core.RedisURI;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.api.StatefulConnection;
import io.lettuce.core.cluster.api.async.RedisClusterAsyncCommands;
import io.lettuce.core.codec.ByteArrayCodec;
import io.lettuce.core.codec.RedisCodec;
import io.lettuce.core.codec.StringCodec;
import io.lettuce.core.pubsub.StatefulRedisPubSubConnection;
import java.util.BitSet;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.function.UnaryOperator;
import org.jspecify.annotations.Nullable;

/**
 * Where the tier's commands and subscriptions go: one Redis, standalone or found through Sentinel
 * ({@link StandaloneTarget}), or a Redis Cluster ({@link ClusterTarget}), whose connections route
 * each command, and each shard channel's subscription, to the node of its slot. Everything else
 * of the tier is the same on both.
 */
abstract class RedisTarget {

  static final RedisCodec<String, byte[]> CODEC =
      RedisCodec.of(StringCodec.UTF8, ByteArrayCodec.INSTANCE);

  private final AbstractRedisClient client;
  private final boolean ownsClient;
  private volatile boolean shardedPubSubAllowed = true;

  RedisTarget(AbstractRedisClient client, boolean ownsClient) {
    this.client = client;
    this.ownsClient = ownsClient;
  }

  /** Opens the connection the commands go on. */
  abstract CompletableFuture<Commands> connectCommands();

  /** Opens the connection the subscriptions go on. */
  abstract CompletableFuture<? extends StatefulRedisPubSubConnection<String, byte[]>>
      connectPubSub();

  /**
   * Returns whether the server has sharded pub/sub ({@code SPUBLISH}, Redis 7 and later), asked
   * once as the tier connects by publishing nothing on {@code channel}, which no one watches:
   * with it, a waiting instance subscribes to the channels of the keys it waits for only, which
   * on a cluster live on the node of their key. The future fails as Redis refuses it otherwise
   * (a missing permission, say).
   */
  CompletableFuture<Boolean> hasShardedPubSub(
      RedisClusterAsyncCommands<String, byte[]> redis, String channel) {
    if (!shardedPubSubAllowed) {
      return CompletableFuture.completedFuture(false);
    }
    return redis
        .spublish(channel, new byte[0])
        .toCompletableFuture()
        .<Boolean>thenApply(receivers -> true)
        .exceptionallyCompose(
            failure ->
                unknownCommand(failure)
                    ? CompletableFuture.completedFuture(false)
                    : CompletableFuture.failedFuture(failure));
  }

  private static boolean unknownCommand(Throwable failure) {
    Throwable cause =
        failure instanceof CompletionException && failure.getCause() != null
            ? failure.getCause()
            : failure;
    return String.valueOf(cause.getMessage()).startsWith("ERR unknown command");
  }

  /**
   * Returns the digests of the probe's keys, where {@code name} gives the key of a digest: one
   * key for one Redis, one in the slots of each master for a cluster, so that the probe finds
   * every master taking writes.
   */
  List<String> probeDigests(String instanceToken, UnaryOperator<String> name) {
    return List.of(RedisNames.probeDigest(instanceToken, 0));
  }

  /** Where the tier's commands go. */
  enum Topology {
    /** One Redis, whose address is given. */
    STANDALONE,
    /** The master of a Sentinel set, found again after a failover. */
    SENTINEL,
    /** A Redis Cluster: each command goes to the master of its key's slot. */
    CLUSTER
  }

  /**
   * Checks that the server is what the tier takes it for; the future fails as Redis refuses
   * otherwise. On one Redis, reads two keys of different slots in one command, which a cluster
   * node refuses ({@code CROSSSLOT}): a node of a cluster taken for one Redis is told at once,
   * rather than when a call's key is not in its slots.
   */
  CompletionStage<?> checkTopology(
      RedisClusterAsyncCommands<String, byte[]> redis, RedisNames names) {
    // "slot-a" and "slot-b" hash to slots 7234 and 11297
    return Scripts.run(
        redis,
        Scripts.RESULT,
        ScriptOutputType.VALUE,
        new String[] {names.probe("slot-a"), names.probe("slot-b")},
        new byte[] {'0'});
  }

  /** Returns where the tier's commands go. */
  abstract Topology topology();

  /** Returns the user the tier connects as, if it names one. */
  abstract @Nullable String user();

  /** Returns whether the client selects a database other than 0 as it connects. */
  boolean selectsDatabase() {
    return false;
  }

  /**
   * Returns the user {@code uri} connects as, if it names one: known at once for credentials
   * given as such; a provider that must fetch them (a token) is not waited for.
   */
  static @Nullable String userOf(@Nullable RedisURI uri) {
    if (uri == null) {
      return null;
    }
    try {
      RedisCredentials credentials =
          uri.getCredentialsProvider().resolveCredentials().toFuture().getNow(null);
      return credentials != null && credentials.hasUsername() ? credentials.getUsername() : null;
    } catch (RuntimeException notNow) {
      return null;
    }
  }

  /**
   * Learns where to go again after a failed probe; on one Redis there is nothing to learn, and
   * the client's reconnect finds the master through Sentinel.
   */
  void probeFailed() {}

  /**
   * Returns the master that serves {@code key} and the slots it serves, as the client saw it
   * last; {@code null} on one Redis, where there is no other to go on with.
   */
  @Nullable Shard shardOf(String key) {
    return null;
  }

  /** Keeps to a pattern subscription and {@code PUBLISH}, as on a server before Redis 7. */
  RedisTarget withoutShardedPubSub() {
    this.shardedPubSubAllowed = false;
    return this;
  }

  void addListener(RedisConnectionStateListener listener) {
    client.addListener(listener);
  }

  void removeListener(RedisConnectionStateListener listener) {
    client.removeListener(listener);
  }

  /** Shuts the client down if the tier made it. */
  // the client's threads stop by themselves: closing the tier does not wait for them
  @SuppressWarnings("FutureReturnValueIgnored")
  void close() {
    if (ownsClient) {
      client.shutdown();
      client.getResources().shutdown();
    }
  }

  /** A master of a cluster: its address, {@code host:port}, and the slots it serves. */
  record Shard(String node, BitSet slots) {}

  /** A connection for commands, and the commands on it that both kinds of Redis share. */
  record Commands(
      StatefulConnection<String, byte[]> connection,
      RedisClusterAsyncCommands<String, byte[]> redis) {}
}
