package io.github.collapseexecutor.redis;

import io.github.collapseexecutor.fleet.FleetStats.FallbackReason;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.SetArgs;
import io.lettuce.core.cluster.SlotHash;
import io.lettuce.core.cluster.api.async.RedisClusterAsyncCommands;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;

/**
 * The commands the tier sends to Redis on its connections ({@link RedisConnections}), each bounded
 * by a wait: the coordination timeout for a call's. A command that fails or is late fails with
 * {@link Unavailable}, which says what the failure means ({@link Faults}).
 */
final class RedisLink implements AutoCloseable {

  private static final byte[] NO_VALUE = new byte[0];

  private final RedisTarget target;
  private final RedisNames names;
  private final Faults faults;
  private final long timeoutNanos;
  private final String timeoutText;
  private final byte[] maxValueBytes;
  private final UnendedLeases unended;
  private final RedisConnections connections;

  RedisLink(RedisTarget target, RedisConnections connections, Faults faults, FleetOptions options) {
    this.target = target;
    this.names = connections.names();
    this.faults = faults;
    this.timeoutNanos = options.coordinationTimeout().toNanos();
    this.timeoutText = options.coordinationTimeout().toMillis() + " ms";
    this.maxValueBytes = ascii(Integer.toString(options.maxValueBytes()));
    this.unended = new UnendedLeases(options);
    this.connections = connections;
  }

  /** Opens what is not open yet: see {@link RedisConnections#open}. */
  void open(String probeChannel, long connectNanos) throws Unavailable, InterruptedException {
    connections.open(probeChannel, connectNanos);
  }

  /** Waits up to {@code nanos} for {@code command}; {@code late} says what Redis did not do. */
  <V> V await(CompletionStage<V> command, long nanos, String late)
      throws Unavailable, InterruptedException {
    return connections.await(command, nanos, late);
  }

  /** Returns whether both connections are open now, not reconnecting. */
  boolean connected() {
    return connections.connected();
  }

  /** Returns the digests of the probe's keys: see {@link RedisTarget#probeDigests}. */
  List<String> probeDigests(String instanceToken) {
    return target.probeDigests(instanceToken, names::lease);
  }

  /** Returns the master that serves the keys of {@code digest}, as the client saw it last. */
  RedisTarget.@Nullable Shard shardOf(String digest) {
    return target.shardOf(names.lease(digest));
  }

  /** Returns the cluster slot of the keys of {@code digest}, which share a hash tag. */
  int slotOf(String digest) {
    return SlotHash.getSlot(names.lease(digest));
  }

  /** Tells the target that the probe failed: see {@link RedisTarget#probeFailed}. */
  void probeFailed() {
    target.probeFailed();
  }

  /** Writes {@code value} to {@code key} for {@code ttlMillis}, or fails within {@code nanos}. */
  void write(String key, byte[] value, long ttlMillis, long nanos)
      throws Unavailable, InterruptedException {
    await(send(redis -> redis.set(key, value, SetArgs.Builder.px(ttlMillis)), nanos));
  }

  /**
   * Takes the lease of {@code digest} for {@code token}, or returns who holds it and whether a
   * write completed in the fleet since; fails with {@link Unavailable} when Redis fails or does
   * not answer within {@code nanos}. On a cluster, where the count of writes lives in a slot of
   * its own, it is read first, in a round trip of its own.
   */
  CompletableFuture<Claim> claim(String digest, String token, long leaseMillis, long nanos) {
    if (target.topology() != RedisTarget.Topology.CLUSTER) {
      return claim(digest, token, leaseMillis, List.of(names.writes()), NO_VALUE, nanos);
    }
    long start = System.nanoTime();
    return this.<byte @Nullable []>send(redis -> redis.get(names.writes()), nanos)
        .thenCompose(
            writes ->
                claim(
                    digest,
                    token,
                    leaseMillis,
                    List.of(),
                    writes == null ? ascii("0") : writes,
                    nanos - (System.nanoTime() - start)));
  }

  private CompletableFuture<Claim> claim(
      String digest,
      String token,
      long leaseMillis,
      List<String> writesKey,
      byte[] writes,
      long nanos) {
    List<String> keys = new ArrayList<>(3);
    keys.add(names.lease(digest));
    keys.add(names.leaseWrites(digest));
    keys.addAll(writesKey);
    return this.<List<Object>>send(
            redis ->
                Scripts.run(
                    redis,
                    Scripts.CLAIM,
                    ScriptOutputType.MULTI,
                    keys.toArray(String[]::new),
                    ascii(token),
                    ascii(Long.toString(leaseMillis)),
                    writes),
            nanos)
        .thenApply(RedisLink::claimOf);
  }

  private static Claim claimOf(List<Object> reply) {
    if (((Long) reply.get(0)) == 1L) {
      return Claim.LED;
    }
    return new Claim(
        false,
        new String((byte[]) reply.get(1), StandardCharsets.US_ASCII),
        (Long) reply.get(2),
        ((Long) reply.get(3)) == 1L);
  }

  /**
   * Counts a write that completed on this instance in the fleet's count of writes, which every
   * claim compares; fails with {@link Unavailable} as {@link #claim} does.
   */
  CompletableFuture<Long> written(long nanos) {
    return send(redis -> redis.incr(names.writes()), nanos);
  }

  /** Returns the cluster slot of the fleet's count of writes. */
  int writesSlot() {
    return SlotHash.getSlot(names.writes());
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

  /**
   * Tells the fleet about this instance ({@code text}, for {@code ttlMillis}) and returns what
   * the instances that did so lately said: {@link Scripts#INSTANCES}.
   */
  CompletableFuture<List<Object>> instances(String id, String text, long ttlMillis, long nanos) {
    return send(
        redis ->
            Scripts.run(
                redis,
                Scripts.INSTANCES,
                ScriptOutputType.MULTI,
                new String[] {names.instances(), names.instance(id)},
                ascii(id),
                text.getBytes(StandardCharsets.UTF_8),
                ascii(Long.toString(ttlMillis))),
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
                connections.finishScript(),
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
    connections.close();
  }

  /**
   * Sends one command; the future fails with {@link Unavailable} when it fails or Redis does not
   * answer within {@code nanos}.
   */
  private <V> CompletableFuture<V> send(Command<V> command, long nanos) {
    RedisTarget.Commands open = connections.commands();
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

  private static byte[] ascii(String text) {
    return text.getBytes(StandardCharsets.US_ASCII);
  }
}
