package io.github.collapseexecutor.redis;

import io.lettuce.core.ConnectionFuture;
import io.lettuce.core.RedisChannelHandler;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisConnectionStateListener;
import io.lettuce.core.RedisURI;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.SetArgs;
import io.lettuce.core.api.StatefulConnection;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.codec.ByteArrayCodec;
import io.lettuce.core.codec.RedisCodec;
import io.lettuce.core.codec.StringCodec;
import io.lettuce.core.pubsub.StatefulRedisPubSubConnection;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.jspecify.annotations.Nullable;

/**
 * The tier's two connections to Redis, one for commands and one for the subscription, and the
 * commands it sends, each bounded by the coordination timeout. A command that fails or is late
 * throws {@link Unavailable}; the connections reconnect by themselves, and the probe
 * ({@link #probe}) opens them when they never were.
 */
final class RedisLink implements AutoCloseable {

  /**
   * Takes the lease of a key for a token, or else returns who holds it and for how long: {@code
   * {1}} or {@code {0, holder, pttl}}. Atomic, so that a lease seen is one still held.
   */
  private static final String CLAIM = """
      if redis.call('set', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then
        return {1}
      end
      return {0, redis.call('get', KEYS[1]), redis.call('pttl', KEYS[1])}
      """;

  /**
   * Ends the call of a lease: stores its result unless there is none (an empty value) or Redis
   * refuses it (full), tells the waiting instances whether it did, and frees the key if the lease
   * is still this token's. Atomic, so that no instance takes the key between the three.
   */
  private static final String FINISH = """
      local stored = 0
      if string.len(ARGV[2]) > 0 then
        local reply = redis.pcall('set', KEYS[2], ARGV[2], 'PX', ARGV[3])
        if type(reply) == 'table' and reply.ok then
          stored = 1
        end
      end
      redis.call('publish', ARGV[4], ARGV[1] .. (stored == 1 and ':1' or ':0'))
      if redis.call('get', KEYS[1]) == ARGV[1] then
        redis.call('del', KEYS[1])
      end
      return stored
      """;

  /**
   * Returns a stored result if it is no longer than {@code ARGV[1]} bytes, or nothing: what the
   * tier stores is never longer, so a longer value, or one of another type, was written by someone
   * else, and is not read into this instance's memory.
   */
  private static final String RESULT = """
      local length = redis.pcall('strlen', KEYS[1])
      if type(length) ~= 'number' or length > tonumber(ARGV[1]) then
        return false
      end
      return redis.call('get', KEYS[1])
      """;

  private static final RedisCodec<String, byte[]> CODEC =
      RedisCodec.of(StringCodec.UTF8, ByteArrayCodec.INSTANCE);
  private static final byte[] NO_VALUE = new byte[0];

  private final RedisClient client;
  private final RedisURI uri;
  private final boolean ownsClient;
  private final RedisNames names;
  private final long timeoutNanos;
  private final String timeoutText;
  private final byte[] maxValueBytes;
  private final Publications publications;
  private final RedisConnectionStateListener lostConnection;
  private volatile @Nullable StatefulRedisConnection<String, byte[]> commands;
  private volatile @Nullable StatefulRedisPubSubConnection<String, byte[]> pubsub;

  /**
   * @param onLost what to do when one of the two connections is lost: turn the tier down at once,
   *     rather than at the next late command
   */
  RedisLink(RedisClient client, RedisURI uri, boolean ownsClient, RedisNames names,
      FleetOptions options, Publications publications, Runnable onLost) {
    this.client = client;
    this.uri = uri;
    this.ownsClient = ownsClient;
    this.names = names;
    this.timeoutNanos = options.coordinationTimeout().toNanos();
    this.timeoutText = options.coordinationTimeout().toMillis() + " ms";
    this.maxValueBytes = ascii(Integer.toString(options.maxValueBytes()));
    this.publications = publications;
    this.lostConnection = new RedisConnectionStateListener() {
      @Override
      public void onRedisDisconnected(RedisChannelHandler<?, ?> connection) {
        if (connection == commands || connection == pubsub) {
          onLost.run();
        }
      }
    };
    client.addListener(lostConnection);
  }

  /**
   * Opens what is not open yet, waiting up to {@code connectNanos} for each (no call waits for
   * it), then checks that Redis takes a write within {@code writeNanos} (a full or paused Redis
   * does not) and that the subscription is open.
   */
  void probe(String instanceToken, long probeTtlMillis, long connectNanos, long writeNanos)
      throws Unavailable, InterruptedException {
    StatefulRedisConnection<String, byte[]> open = commands;
    if (open == null) {
      open = open(client.connectAsync(CODEC, uri), connectNanos);
      commands = open;
    }
    StatefulRedisPubSubConnection<String, byte[]> subscribed = pubsub;
    if (subscribed == null) {
      subscribed = open(client.connectPubSubAsync(CODEC, uri), connectNanos);
      subscribed.addListener(publications);
      try {
        await(subscribed.async().psubscribe(names.channelPattern()), connectNanos,
            "did not subscribe");
      } catch (Unavailable | InterruptedException e) {
        subscribed.close();
        throw e;
      }
      // from here on the client subscribes again by itself after each reconnect
      pubsub = subscribed;
    }
    await(open.async().set(names.probe(), instanceToken.getBytes(StandardCharsets.US_ASCII),
        SetArgs.Builder.px(probeTtlMillis)), writeNanos, "did not take a write");
    if (!open.isOpen() || !subscribed.isOpen()) {
      throw new Unavailable("is reconnecting");
    }
  }

  /** Returns a new connection, or closes it when it comes too late to be used. */
  private static <C extends StatefulConnection<?, ?>> C open(ConnectionFuture<C> connecting,
      long waitNanos) throws Unavailable, InterruptedException {
    try {
      return await(connecting, waitNanos, "did not accept a connection");
    } catch (Unavailable | InterruptedException e) {
      connecting.thenAccept(StatefulConnection::close);
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
    return this.<List<Object>>send(() -> connection().async().eval(CLAIM, ScriptOutputType.MULTI,
        new String[] {names.lease(digest)}, ascii(token), ascii(Long.toString(leaseMillis))))
        .thenApply(RedisLink::claimOf);
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
   * is no longer than {@link FleetOptions#maxValueBytes()}.
   */
  byte @Nullable [] result(String digest, String token) throws Unavailable, InterruptedException {
    return await(resultAsync(digest, token));
  }

  /** {@link #result} without blocking; fails as {@link #claimAsync} does. */
  CompletableFuture<byte @Nullable []> resultAsync(String digest, String token) {
    return send(() -> connection().async().eval(RESULT, ScriptOutputType.VALUE,
        new String[] {names.result(digest, token)}, maxValueBytes));
  }

  /**
   * Ends the call of lease {@code token}: stores {@code value} (none if empty), publishes the end
   * and frees the key. The future fails if Redis does not answer within the coordination timeout.
   */
  CompletableFuture<Object> finish(String digest, String token, byte[] value, long ttlMillis) {
    StatefulRedisConnection<String, byte[]> open = commands;
    if (open == null) {
      return CompletableFuture.failedFuture(new Unavailable("is not connected"));
    }
    CompletionStage<Object> sent;
    try {
      sent = open.async().eval(FINISH, ScriptOutputType.INTEGER,
          new String[] {names.lease(digest), names.result(digest, token)}, ascii(token), value,
          ascii(Long.toString(ttlMillis)), ascii(names.channel(digest)));
    } catch (RuntimeException closed) {
      return CompletableFuture.failedFuture(closed);
    }
    // a copy, so that the timeout does not complete the client's own command
    return sent.toCompletableFuture().copy().orTimeout(timeoutNanos, TimeUnit.NANOSECONDS);
  }

  /** Ends the call of lease {@code token} with no result to share; see {@link #finish}. */
  CompletableFuture<Object> release(String digest, String token) {
    return finish(digest, token, NO_VALUE, 1);
  }

  /** Returns the coordination timeout, as logs show it. */
  String timeoutText() {
    return timeoutText;
  }

  @Override
  public void close() {
    client.removeListener(lostConnection);
    StatefulRedisPubSubConnection<String, byte[]> subscribed = pubsub;
    if (subscribed != null) {
      subscribed.close();
    }
    StatefulRedisConnection<String, byte[]> open = commands;
    if (open != null) {
      open.close();
    }
    if (ownsClient) {
      client.shutdown();
      client.getResources().shutdown();
    }
  }

  private StatefulRedisConnection<String, byte[]> connection() throws Unavailable {
    StatefulRedisConnection<String, byte[]> open = commands;
    if (open == null) {
      throw new Unavailable("is not connected");
    }
    return open;
  }

  /**
   * Sends one command; the future fails with {@link Unavailable} when it fails or Redis does not
   * answer within the coordination timeout.
   */
  private <V> CompletableFuture<V> send(Command<V> command) {
    CompletionStage<V> sent;
    try {
      sent = command.send();
    } catch (Unavailable notConnected) {
      return CompletableFuture.failedFuture(notConnected);
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

  /** Sends one command. */
  @FunctionalInterface
  private interface Command<V> {
    CompletionStage<V> send() throws Unavailable;
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
