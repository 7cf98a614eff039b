package io.github.collapseexecutor.redis;

import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.pubsub.StatefulRedisPubSubConnection;
import io.lettuce.core.resource.ClientResources;
import io.lettuce.core.resource.Delay;
import java.util.concurrent.CompletableFuture;
import org.jspecify.annotations.Nullable;

/** One Redis, standalone or found through Sentinel: both connections go to {@code uri}. */
final class StandaloneTarget extends RedisTarget {

  private final RedisClient client;
  private final RedisURI uri;

  private StandaloneTarget(RedisClient client, RedisURI uri, boolean ownsClient) {
    super(client, ownsClient);
    this.client = client;
    this.uri = uri;
  }

  /**
   * Returns a target on a client of its own, which rejects commands while it reconnects and
   * tries to reconnect once per {@link FleetOptions#probeInterval()}; the rest of
   * {@code clientOptions} (TLS, sockets, protocol) holds.
   */
  static StandaloneTarget owned(RedisURI uri, ClientOptions clientOptions, FleetOptions options) {
    RedisClient client =
        RedisClient.create(
            ClientResources.builder()
                .reconnectDelay(Delay.constant(options.probeInterval()))
                .build(),
            uri);
    client.setOptions(
        clientOptions
            .mutate()
            .autoReconnect(true)
            .disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS)
            .build());
    return new StandaloneTarget(client, uri, /* ownsClient= */ true);
  }

  /** Returns a target on the application's client, which it leaves open. */
  static StandaloneTarget shared(RedisClient client, RedisURI uri) {
    return new StandaloneTarget(client, uri, /* ownsClient= */ false);
  }

  @Override
  Topology topology() {
    return uri.getSentinels().isEmpty() ? Topology.STANDALONE : Topology.SENTINEL;
  }

  @Override
  boolean selectsDatabase() {
    return uri.getDatabase() != 0;
  }

  @Override
  @Nullable String user() {
    return userOf(uri);
  }

  @Override
  CompletableFuture<Commands> connectCommands() {
    return client
        .connectAsync(CODEC, uri)
        .toCompletableFuture()
        .thenApply(connection -> new Commands(connection, connection.async()));
  }

  @Override
  CompletableFuture<StatefulRedisPubSubConnection<String, byte[]>> connectPubSub() {
    return client.connectPubSubAsync(CODEC, uri).toCompletableFuture();
  }
}
