package io.github.collapseexecutor.redis;

import io.lettuce.core.RedisChannelHandler;
import io.lettuce.core.RedisConnectionStateListener;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.SetArgs;
import io.lettuce.core.api.StatefulConnection;
import io.lettuce.core.cluster.api.async.RedisClusterAsyncCommands;
import io.lettuce.core.pubsub.StatefulRedisPubSubConnection;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * The tier's two connections to Redis ({@link RedisTarget}), one for commands and one for the
 * subscriptions, and the commands it sends, each bounded by the coordination timeout. A command
 * that fails or is late throws {@link Unavailable}; the connections reconnect by themselves, and
 * the probe ({@link #probe}) opens them when they never were.
 */
final class RedisLink implements AutoCloseable {

  private static final byte[] NO_VALUE = new byte[0];

  private final RedisTarget target;
  private final RedisNames names;
  private final long timeoutNanos;
  private final String timeoutText;
  private final byte[] maxValueBytes;
  private final Publications publications;
  private final RedisConnectionStateListener lostConnection;
  private volatile RedisTarget.@Nullable Commands commands;
  private volatile @Nullable StatefulRedisPubSubConnection<String, byte[]> pubsub;
  /** How the end of a call is published: on a shard channel where the server has them. */
  private volatile Scripts.Script finish = Scripts.FINISH_CLASSIC;

  /**
   * @param onLost what to do when one of the two connections is lost: turn the tier down at once,
   *     rather than at the next late command
   */
  RedisLink(RedisTarget target, RedisNames names, FleetOptions options,
      Publications publications, Runnable onLost) {
    this.target = target;
    this.names = names;
    this.timeoutNanos = options.coordinationTimeout().toNanos();
    this.timeoutText = options.coordinationTimeout().toMillis() + " ms";
    this.maxValueBytes = ascii(Integer.toString(options.maxValueBytes()));
    this.publications = publications;
    this.lostConnection = new RedisConnectionStateListener() {
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
   * Opens what is not open yet, waiting up to {@code connectNanos} for each (no call waits for
   * it), then checks that Redis takes a write within {@code writeNanos} (a full or paused Redis
   * does not) and that the subscription is open. As the commands' connection opens, it learns
   * whether the server has sharded pub/sub and loads the scripts.
   */
  void probe(String instanceToken, long probeTtlMillis, long connectNanos, long writeNanos)
      throws Unavailable, InterruptedException {
    RedisTarget.Commands open = commands;
    if (open == null) {
      open = open(target.connectCommands(), RedisTarget.Commands::connection, connectNanos);
      try {
        boolean sharded = await(target.hasShardedPubSub(open.redis()), connectNanos,
            "did not say which commands it has");
        await(Scripts.load(open.redis()), connectNanos, "did not load the scripts");
        finish = sharded ? Scripts.FINISH_SHARDED : Scripts.FINISH_CLASSIC;
      } catch (Unavailable | InterruptedException e) {
        open.connection().close();
        throw e;
      }
      commands = open;
    }
    StatefulRedisPubSubConnection<String, byte[]> subscribed = pubsub;
    if (subscribed == null) {
      subscribed = RedisLink.<StatefulRedisPubSubConnection<String, byte[]>>open(
          target.connectPubSub(), connection -> connection, connectNanos);
      subscribed.addListener(publications);
      if (finish == Scripts.FINISH_SHARDED) {
        publications.subscribePerKey(new KeySubscriptions(subscribed));
      } else {
        try {
          await(subscribed.async().psubscribe(names.channelPattern()), connectNanos,
              "did not subscribe");
        } catch (Unavailable | InterruptedException e) {
          subscribed.close();
          throw e;
        }
      }
      // from here on the client subscribes again by itself after each reconnect
      pubsub = subscribed;
    }
    await(open.redis().set(names.probe(), ascii(instanceToken),
        SetArgs.Builder.px(probeTtlMillis)), writeNanos, "did not take a write");
    if (!open.connection().isOpen() || !subscribed.isOpen()) {
      throw new Unavailable("is reconnecting");
    }
  }

  /** Returns a new connection, or closes it when it comes too late to be used. */
  private static <C> C open(CompletableFuture<? extends C> connecting,
      Function<C, StatefulConnection<?, ?>> connection, long waitNanos)
      throws Unavailable, InterruptedException {
    try {
      return await(connecting, waitNanos, "did not accept a connection");
    } catch (Unavailable | InterruptedException e) {
      connecting.thenAccept(late -> connection.apply(late).close());
      throw e;
    }
  }

  /** Takes the lease of {@code digest} for {@code token}, or returns who holds it. */
  Claim claim(String digest, String token, long leaseMillis)
      throws Unavailable, InterruptedException {
    return await(claimAsync(digest, token, leaseMillis));
  }

  /**
   * {@link #claim} without blocking: the future fails with {@link Unavailable} when Redis fails or
   * does not answer within the coordination timeout.
   */
  CompletableFuture<Claim> claimAsync(String digest, String token, long leaseMillis) {
    return this.<List<Object>>send(redis -> Scripts.run(redis, Scripts.CLAIM,
        ScriptOutputType.MULTI, new String[] {names.lease(digest)}, ascii(token),
        ascii(Long.toString(leaseMillis)))).thenApply(RedisLink::claimOf);
  }

  private static Claim claimOf(List<Object> reply) {
    if (((Long) reply.get(0)) == 1L) {
      return Claim.LED;
    }
    return new Claim(false, new String((byte[]) reply.get(1), StandardCharsets.US_ASCII),
        (Long) reply.get(2));
  }

  /**
   * Returns the result that the lease {@code token} stored for {@code digest}, if any and if it
   * is no longer than {@link FleetOptions#maxValueBytes()}, once {@code watch} hears the end of
   * that call: a result stored after this read is then announced to the watch.
   */
  byte @Nullable [] resultOnceListening(Publications.Watch watch, String digest, String token)
      throws Unavailable, InterruptedException {
    return await(resultOnceListeningAsync(watch, digest, token));
  }

  /** {@link #resultOnceListening} without blocking; fails as {@link #claimAsync} does. */
  CompletableFuture<byte @Nullable []> resultOnceListeningAsync(Publications.Watch watch,
      String digest, String token) {
    return this.<@Nullable Void>send(redis -> watch.listening())
        .thenCompose(listening -> resultAsync(digest, token));
  }

  /** Returns the result {@code token} stored for {@code digest}, as {@link #claimAsync} fails. */
  CompletableFuture<byte @Nullable []> resultAsync(String digest, String token) {
    return send(redis -> Scripts.run(redis, Scripts.RESULT, ScriptOutputType.VALUE,
        new String[] {names.result(digest, token)}, maxValueBytes));
  }

  /**
   * Ends the call of lease {@code token}: stores {@code value} (none if empty), publishes the end
   * and frees the key. The future fails if Redis does not answer within the coordination timeout.
   */
  CompletableFuture<Object> finish(String digest, String token, byte[] value, long ttlMillis) {
    return send(redis -> Scripts.run(redis, finish, ScriptOutputType.INTEGER,
        new String[] {names.lease(digest), names.result(digest, token), names.channel(digest)},
        ascii(token), value, ascii(Long.toString(ttlMillis))));
  }

  /** Ends the call of lease {@code token} with no result to share; see {@link #finish}. */
  CompletableFuture<Object> release(String digest, String token) {
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
   * answer within the coordination timeout.
   */
  private <V> CompletableFuture<V> send(Command<V> command) {
    RedisTarget.Commands open = commands;
    if (open == null) {
      return CompletableFuture.failedFuture(new Unavailable("is not connected"));
    }
    CompletionStage<V> sent;
    try {
      sent = command.send(open.redis());
    } catch (RuntimeException closed) {
      // a connection closed under the command
      return CompletableFuture.failedFuture(new Unavailable("failed: " + closed));
    }
    // a copy, so that the timeout does not complete the client's own command
    return sent.toCompletableFuture().copy().orTimeout(timeoutNanos, TimeUnit.NANOSECONDS)
        .exceptionallyCompose(failure -> CompletableFuture.failedFuture(unavailable(failure)));
  }

  /** Returns what {@code failure} of a command says of Redis. */
  Unavailable unavailable(Throwable failure) {
    Throwable cause = failure instanceof CompletionException && failure.getCause() != null
        ? failure.getCause() : failure;
    return cause instanceof Unavailable known ? known
        : cause instanceof TimeoutException ? new Unavailable("did not answer within " + timeoutText)
        : new Unavailable("failed: " + cause);
  }

  /** Waits for a command {@link #send} sent; it never waits past the coordination timeout. */
  private static <V> V await(CompletableFuture<V> sent) throws Unavailable, InterruptedException {
    try {
      return sent.get();
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      throw cause instanceof Unavailable unavailable ? unavailable
          : new Unavailable("failed: " + cause);
    }
  }

  /** Sends one command on the commands of the open connection. */
  @FunctionalInterface
  private interface Command<V> {
    CompletionStage<V> send(RedisClusterAsyncCommands<String, byte[]> redis);
  }

  private static <V> V await(CompletionStage<V> command, long nanos, String late)
      throws Unavailable, InterruptedException {
    try {
      return command.toCompletableFuture().get(nanos, TimeUnit.NANOSECONDS);
    } catch (TimeoutException e) {
      throw new Unavailable(late);
    } catch (ExecutionException e) {
      Throwable cause = e.getCause() == null ? e : e.getCause();
      throw new Unavailable("failed: " + cause);
    }
  }

  private static byte[] ascii(String text) {
    return text.getBytes(StandardCharsets.US_ASCII);
  }

  /**
   * The outcome of {@link #claim}: this instance leads, or {@code holder} does for
   * {@code leaseMillis} more at most.
   */
  record Claim(boolean led, String holder, long leaseMillis) {
    static final Claim LED = new Claim(true, "", 0);
  }

  /** Redis did not answer in time, or answered with an error. */
  static final class Unavailable extends Exception {

    private final String problem;

    Unavailable(String problem) {
      super(problem, null, /* enableSuppression= */ false, /* writableStackTrace= */ false);
      this.problem = problem;
    }

    /** What went wrong, as the once-per-outage warning says it. */
    String problem() {
      return problem;
    }
  }
}
