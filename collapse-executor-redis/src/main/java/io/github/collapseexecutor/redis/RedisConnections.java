package io.github.collapseexecutor.redis;

import io.lettuce.core.RedisChannelHandler;
import io.lettuce.core.RedisConnectionStateListener;
import io.lettuce.core.api.StatefulConnection;
import io.lettuce.core.pubsub.StatefulRedisPubSubConnection;
import java.net.SocketAddress;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * The tier's two connections to Redis ({@link RedisTarget}), one for commands and one for the
 * subscriptions: opened by the probe ({@link #open}), reconnecting by themselves after that, and
 * telling the tier at once when one is lost. What the commands' connection learnt as it opened
 * (sharded pub/sub or not) decides how the end of a call is published ({@link #finishScript}).
 */
final class RedisConnections implements AutoCloseable {

  private final RedisTarget target;
  private final RedisNames names;
  private final Faults faults;
  private final Publications publications;
  private final EvictionWatch eviction;
  private final RedisConnectionStateListener lostConnection;
  private volatile RedisTarget.@Nullable Commands commands;
  private volatile @Nullable StatefulRedisPubSubConnection<String, byte[]> pubsub;

  /** How the end of a call is published: on a shard channel where the server has them. */
  private volatile Scripts.Script finish = Scripts.FINISH_CLASSIC;

  /**
   * @param onLost what to do when one of the two connections is lost: turn the tier down at once,
   *     rather than at the next late command. A connection that comes back has the channels
   *     callers wait on subscribed again.
   */
  RedisConnections(
      RedisTarget target,
      RedisNames names,
      Faults faults,
      Publications publications,
      EvictionWatch eviction,
      Runnable onLost) {
    this.target = target;
    this.names = names;
    this.faults = faults;
    this.publications = publications;
    this.eviction = eviction;
    this.lostConnection =
        new RedisConnectionStateListener() {
          @Override
          public void onRedisConnected(
              RedisChannelHandler<?, ?> connection, SocketAddress address) {
            publications.resubscribe();
          }

          @Override
          public void onRedisDisconnected(RedisChannelHandler<?, ?> connection) {
            RedisTarget.Commands open = commands;
            if ((open != null && connection == open.connection()) || connection == pubsub) {
              onLost.run();
            }
          }
        };
    target.addListener(lostConnection);
  }

  /** Returns the names of the tier's keys and channels. */
  RedisNames names() {
    return names;
  }

  /**
   * Opens what is not open yet, waiting up to {@code connectNanos} for each step (no call waits
   * for it). As the commands' connection opens, it learns whether the server has sharded pub/sub,
   * loads the scripts and, the first time, reads the eviction policy; the subscriptions'
   * connection then subscribes to the fleet's pattern where the server has no sharded pub/sub.
   */
  void open(String probeChannel, long connectNanos) throws Unavailable, InterruptedException {
    RedisTarget.Commands open = commands;
    if (open == null) {
      open = open(target.connectCommands(), RedisTarget.Commands::connection, connectNanos);
      try {
        boolean sharded =
            await(
                target.hasShardedPubSub(open.redis(), probeChannel),
                connectNanos,
                "did not say whether it has sharded pub/sub");
        await(Scripts.load(open.redis()), connectNanos, "did not load the scripts");
        await(target.checkTopology(open.redis(), names), connectNanos, "did not read");
        finish = sharded ? Scripts.FINISH_SHARDED : Scripts.FINISH_CLASSIC;
      } catch (Unavailable | InterruptedException e) {
        open.connection().close();
        throw e;
      }
      eviction.readPolicyOnce(open.redis().configGet("maxmemory-policy"));
      commands = open;
    }
    if (pubsub == null) {
      StatefulRedisPubSubConnection<String, byte[]> subscribed =
          this.<StatefulRedisPubSubConnection<String, byte[]>>open(
              target.connectPubSub(), connection -> connection, connectNanos);
      subscribed.addListener(publications);
      if (finish.equals(Scripts.FINISH_SHARDED)) {
        publications.subscribePerKey(new KeySubscriptions(subscribed));
      } else {
        try {
          await(
              subscribed.async().psubscribe(names.channelPattern()),
              connectNanos,
              "did not subscribe");
        } catch (Unavailable | InterruptedException e) {
          subscribed.close();
          throw e;
        }
      }
      // from here on the client subscribes again by itself after each reconnect
      pubsub = subscribed;
    }
  }

  /** Returns whether both connections are open now, not reconnecting. */
  boolean connected() {
    RedisTarget.Commands open = commands;
    StatefulRedisPubSubConnection<String, byte[]> subscribed = pubsub;
    return open != null && open.connection().isOpen() && subscribed != null && subscribed.isOpen();
  }

  /** Returns a new connection, or closes it when it comes too late to be used. */
  // a connection that fails after all needs no closing: nothing waits for the late one
  @SuppressWarnings("FutureReturnValueIgnored")
  private <C> C open(
      CompletableFuture<? extends C> connecting,
      Function<C, StatefulConnection<?, ?>> connection,
      long waitNanos)
      throws Unavailable, InterruptedException {
    try {
      return await(connecting, waitNanos, "did not accept a connection");
    } catch (Unavailable | InterruptedException e) {
      connecting.thenAccept(late -> connection.apply(late).close());
      throw e;
    }
  }

  /** Waits up to {@code nanos} for {@code command}; {@code late} says what Redis did not do. */
  <V> V await(CompletionStage<V> command, long nanos, String late)
      throws Unavailable, InterruptedException {
    try {
      return command.toCompletableFuture().get(nanos, TimeUnit.NANOSECONDS);
    } catch (TimeoutException e) {
      throw new Unavailable(faults.late(late));
    } catch (ExecutionException e) {
      throw new Unavailable(faults.of(e.getCause() == null ? e : e.getCause()));
    }
  }

  /** Returns the commands' connection, or {@code null} while it was never opened. */
  RedisTarget.@Nullable Commands commands() {
    return commands;
  }

  /** Returns the script that ends a call, as the server publishes best. */
  Scripts.Script finishScript() {
    return finish;
  }

  @Override
  public void close() {
    target.removeListener(lostConnection);
    StatefulRedisPubSubConnection<String, byte[]> subscribed = pubsub;
    if (subscribed != null) {
      subscribed.close();
    }
    RedisTarget.Commands open = commands;
    if (open != null) {
      open.connection().close();
    }
    target.close();
  }
}
