package io.github.collapseexecutor.redis;

import io.lettuce.core.RedisChannelHandler;
import io.lettuce.core.RedisConnectionStateListener;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.SetArgs;
import io.lettuce.core.api.StatefulConnection;
import io.lettuce.core.cluster.api.async.RedisClusterAsyncCommands;
import io.lettuce.core.pubsub.StatefulRedisPubSubConnection;
import java.net.SocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * The tier's two connections to Redis ({@link RedisTarget}), one for commands and one for the
 * subscriptions, and the commands it sends, each bounded by a wait: the coordination timeout for
 * a call's. A command that fails or is late fails with {@link Unavailable}, which says what the
 * failure means ({@link Faults}); the connections reconnect by themselves, and the probe opens
 * them when they never were ({@link #open}).
 */
final class RedisLink implements AutoCloseable {

  private static final byte[] NO_VALUE = new byte[0];

  private final RedisTarget target;
  private final RedisNames names;
  private final Faults faults;
  private final long timeoutNanos;
  private final String timeoutText;
  private final byte[] maxValueBytes;
  private final Publications publications;
  private final EvictionWatch eviction;
  private final RedisConnectionStateListener lostConnection;
  private final UnendedLeases unended;
  private volatile RedisTarget.@Nullable Commands commands;
  private volatile @Nullable StatefulRedisPubSubConnection<String, byte[]> pubsub;

  /** How the end of a call is published: on a shard channel where the server has them. */
  private volatile Scripts.Script finish = Scripts.FINISH_CLASSIC;

  /**
   * @param onLost what to do when one of the two connections is lost: turn the tier down at once,
   *     rather than at the next late command. A connection that comes back has the channels
   *     callers wait on subscribed again.
   */
  RedisLink(
      RedisTarget target,
      RedisNames names,
      Faults faults,
      FleetOptions options,
      Publications publications,
      EvictionWatch eviction,
      Runnable onLost) {
    this.target = target;
    this.names = names;
    this.faults = faults;
    this.timeoutNanos = options.coordinationTimeout().toNanos();
    this.timeoutText = options.coordinationTimeout().toMillis() + " ms";
    this.maxValueBytes = ascii(Integer.toString(options.maxValueBytes()));
    this.publications = publications;
    this.eviction = eviction;
    this.unended = new UnendedLeases(options);
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
      if (finish == Scripts.FINISH_SHARDED) {
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

  /** Returns the digests of the probe's keys: see {@link RedisTarget#probeDigests}. */
  List<String> probeDigests(String instanceToken) {
    return target.probeDigests(instanceToken, names::lease);
  }

  /** Tells the target that the probe failed: see {@link RedisTarget#probeFailed}. */
  void probeFailed() {
    target.probeFailed();
  }

  /** Returns whether both connections are open now, not reconnecting. */
  boolean connected() {
    RedisTarget.Commands open = commands;
    StatefulRedisPubSubConnection<String, byte[]> subscribed = pubsub;
    return open != null && open.connection().isOpen() && subscribed != null && subscribed.isOpen();
  }

  /** Returns a new connection, or closes it when it comes too late to be used. */
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

  /** Writes {@code value} to {@code key} for {@code ttlMillis}, or fails within {@code nanos}. */
  void write(String key, byte[] value, long ttlMillis, long nanos)
      throws Unavailable, InterruptedException {
    await(send(redis -> redis.set(key, value, SetArgs.Builder.px(ttlMillis)), nanos));
  }

  /**
   * Takes the lease of {@code digest} for {@code token}, or returns who holds it; fails with
   * {@link Unavailable} when Redis fails or does not answer within {@code nanos}.
   */
  CompletableFuture<Claim> claim(String digest, String token, long leaseMillis, long nanos) {
    return this.<List<Object>>send(
            redis ->
                Scripts.run(
                    redis,
                    Scripts.CLAIM,
                    ScriptOutputType.MULTI,
                    new String[] {names.lease(digest)},
                    ascii(token),
                    ascii(Long.toString(leaseMillis))),
            nanos)
        .thenApply(RedisLink::claimOf);
  }

  private static Claim claimOf(List<Object> reply) {
    if (((Long) reply.get(0)) == 1L) {
      return Claim.LED;
    }
    return new Claim(
        false, new String((byte[]) reply.get(1), StandardCharsets.US_ASCII), (Long) reply.get(2));
  }

  /**
   * Returns the result that the lease {@code token} stored for {@code digest}, if any and if it
   * is no longer than {@link FleetOptions#maxValueBytes()}, once {@code watch} hears the end of
   * that call: a result stored after this read is then announced to the watch.
   */
  CompletableFuture<byte @Nullable []> resultOnceListening(
      Publications.Watch watch, String digest, String token) {
    return this.<@Nullable Void>send(redis -> watch.listening(), timeoutNanos)
        .thenCompose(listening -> result(digest, token, timeoutNanos));
  }

  /** Returns the result {@code token} stored for {@code digest}, as {@link #claim} fails. */
  CompletableFuture<byte @Nullable []> result(String digest, String token, long nanos) {
    return send(
        redis ->
            Scripts.run(
                redis,
                Scripts.RESULT,
                ScriptOutputType.VALUE,
                new String[] {names.result(digest, token)},
                maxValueBytes),
        nanos);
  }

  /** Returns the token that holds the lease of {@code digest} now, or {@code null}. */
  CompletableFuture<byte @Nullable []> leaseHolder(String digest, long nanos) {
    return send(redis -> redis.get(names.lease(digest)), nanos);
  }

  /**
   * Ends the call of lease {@code token}: stores {@code value} (none if empty), publishes the end
   * and frees the key. The future holds what {@link Scripts#FINISH_SHARDED} returns, and fails if
   * Redis does not answer within {@code nanos}.
   */
  CompletableFuture<Long> finish(
      String digest, String token, byte[] value, long ttlMillis, long nanos) {
    return send(
        redis ->
            Scripts.run(
                redis,
                finish,
                ScriptOutputType.INTEGER,
                new String[] {
                  names.lease(digest), names.result(digest, token), names.channel(digest)
                },
                ascii(token),
                value,
                ascii(Long.toString(ttlMillis))),
        nanos);
  }

  /** {@link #finish} within the coordination timeout; {@link #endAgain} if it fails. */
  CompletableFuture<Long> finish(String digest, String token, byte[] value, long ttlMillis) {
    return unended.track(digest, token, finish(digest, token, value, ttlMillis, timeoutNanos));
  }

  /** Ends again, with no result, the calls whose end did not reach Redis: {@link UnendedLeases}. */
  void endAgain() {
    unended.endAgain(this::release);
  }

  /** Ends the call of lease {@code token} with no result to share; see {@link #finish}. */
  CompletableFuture<Long> release(String digest, String token) {
    return finish(digest, token, NO_VALUE, 1);
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

  /**
   * Sends one command; the future fails with {@link Unavailable} when it fails or Redis does not
   * answer within {@code nanos}.
   */
  private <V> CompletableFuture<V> send(Command<V> command, long nanos) {
    RedisTarget.Commands open = commands;
    if (open == null) {
      return CompletableFuture.failedFuture(
          new Unavailable(Fault.outage(FallbackReason.TIER_DOWN, "is not connected")));
    }
    CompletionStage<V> sent;
    try {
      sent = command.send(open.redis());
    } catch (RuntimeException closed) {
      // a connection closed under the command
      return CompletableFuture.failedFuture(unavailable(closed));
    }
    // a copy, so that the timeout does not complete the client's own command
    return sent.toCompletableFuture()
        .copy()
        .orTimeout(nanos, TimeUnit.NANOSECONDS)
        .exceptionallyCompose(failure -> CompletableFuture.failedFuture(unavailable(failure)));
  }

  /** Returns what {@code failure} of a command says of Redis. */
  Unavailable unavailable(Throwable failure) {
    Fault fault = faults.of(failure);
    return new Unavailable(
        fault.reason() == FallbackReason.TIMEOUT
            ? faults.late("did not answer within " + timeoutText)
            : fault);
  }

  /** Waits for a command {@link #send} sent; it never waits past the command's own limit. */
  static <V> V await(CompletableFuture<V> sent) throws Unavailable, InterruptedException {
    try {
      return sent.get();
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      throw cause instanceof Unavailable unavailable
          ? unavailable
          : new Unavailable(Fault.outage(FallbackReason.TIER_DOWN, "failed: " + cause));
    }
  }

  /** Sends one command on the commands of the open connection. */
  @FunctionalInterface
  private interface Command<V> {
    CompletionStage<V> send(RedisClusterAsyncCommands<String, byte[]> redis);
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

  private static byte[] ascii(String text) {
    return text.getBytes(StandardCharsets.US_ASCII);
  }
}
