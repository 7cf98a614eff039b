package io.github.collapseexecutor.redis;

import io.github.collapseexecutor.core.Incubating;
import io.github.collapseexecutor.fleet.FleetCodec;
import io.github.collapseexecutor.fleet.FleetStats;
import io.github.collapseexecutor.fleet.FleetStats.FallbackReason;
import io.github.collapseexecutor.fleet.FleetStats.FleetState;
import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.cluster.ClusterClientOptions;
import io.lettuce.core.cluster.RedisClusterClient;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;

/**
 * One backend call per key across every instance that shares one Redis. Put it behind the
 * instance's own collapse, so that only the caller that leads a key locally reaches it: then
 * {@link #call} asks Redis for the key's lease, and
 *
 * <ul>
 *   <li>the instance that gets it makes the call, stores the result in Redis for a few seconds
 *       ({@link FleetOptions#resultTtl()}; larger than {@link FleetOptions#maxValueBytes()}: not
 *       stored), publishes the end of the call and frees the key;</li>
 *   <li>every other instance waits for that publication (pub/sub, no polling) and reads the
 *       result; when there is none to read (too large, not encodable, the call failed) it makes
 *       its own call;</li>
 *   <li>a leader that crashed frees the key when its lease ends ({@link FleetOptions#leaseTime()}):
 *       the instances that waited for it make their own calls then, or sooner, at their own wait
 *       limit.</li>
 * </ul>
 *
 * <pre>{@code
 * FleetCoordinator fleet = FleetCoordinator.connect(RedisURI.create("redis://cache:6379"),
 *     FleetOptions.builder(secret).build());
 * String quote = fleet.call(FleetKey.of("GET", "/quote/ACME", "Bearer " + token),
 *     FleetCodec.utf8(), () -> backend.quote("ACME"));
 * }</pre>
 *
 * <p><b>Fails open.</b> When Redis does not answer within {@link
 * FleetOptions#coordinationTimeout()}, answers with an error (full, say), or loses its connection,
 * the call goes on as local collapse: no error, at most the coordination timeout added, one
 * warning per outage and a count by reason ({@link FleetStats#fellBack(FallbackReason)});
 * waiting callers make their own calls at once. A probe ({@link FleetOptions#probeInterval()})
 * finds Redis back, without a restart and without retries by the calls themselves.
 *
 * <p><b>Misconfigured is not down.</b> A Redis that refuses what the tier needs (a missing ACL
 * permission, a disabled command, a replica, a cluster node taken for a standalone Redis, wrong
 * credentials, a TLS certificate one side does not trust) turns the tier {@link
 * FleetState#MISCONFIGURED}: calls fail open as in an outage, and one error names the cause and
 * the fix (the least-privilege ACL line, say), also in {@link FleetStats#lastProblem()}. The probe
 * rehearses a whole call until it goes through, and says when it does. At the first connection
 * the tier reads {@code maxmemory-policy} and warns once about a policy that may evict its keys.
 *
 * <p><b>Who shares.</b> Two calls share only if their {@link FleetKey}s are equal, so a key must
 * hold every part that keeps callers apart on one instance, identity included. Redis sees only an
 * HMAC-SHA256 digest of the key, and results encrypted with AES-GCM (unless {@link
 * FleetOptions#encryptValues()} is off), both keyed from the fleet's secret. A caller joins only a
 * call that was under way when it arrived, never a result kept from an earlier one.
 *
 * <p><b>Redis Cluster.</b> {@link #connectCluster} and {@link #create(RedisClusterClient,
 * FleetOptions)} run the same tier on a cluster: the keys and the channel of one fleet key share
 * a hash tag, so they live in one slot, and each command follows its slot.
 *
 * <p>Thread-safe; close it to stop its probe and connections.
 */
@Incubating
public final class FleetCoordinator implements AutoCloseable {

  private final FleetOptions options;
  private final Coordination fleet;
  private final BlockingCalls blocking;
  private final AsyncCalls async;
  private final TierProbe probe;

  FleetCoordinator(RedisTarget target, FleetOptions options) {
    this.options = options;
    FleetSecret secret = new FleetSecret(options.secret(), options.encryptValues());
    RedisNames names = new RedisNames(options.keyPrefix());
    Publications publications = new Publications(names);
    TierHealth health = new TierHealth(options.name(), publications::releaseAll);
    FleetInstances instances =
        new FleetInstances(options.name(), options.keyPrefix(), secret.token());
    FleetCounters counters = new FleetCounters(health, instances);
    Faults faults =
        new Faults(options.keyPrefix(), target.topology(), target.user(), target.selectsDatabase());
    EvictionWatch eviction = new EvictionWatch(options.name(), counters.evicted);
    Runnable lost =
        () -> health.failed(Fault.outage(FallbackReason.TIER_DOWN, "lost its connection"));
    RedisLink link =
        new RedisLink(
            target,
            new RedisConnections(target, names, faults, publications, eviction, lost),
            faults,
            options);
    this.fleet =
        new Coordination(
            options, secret, publications, health, link, counters, eviction, instances);
    this.blocking = new BlockingCalls(fleet);
    this.async = new AsyncCalls(fleet);
    this.probe = new TierProbe(link, publications, health, faults, names, instances, options);
  }

  /**
   * Returns a coordinator on a Redis client of its own, which it closes with itself. The client
   * rejects commands while it reconnects, so that a lost Redis costs a call nothing, and tries to
   * reconnect once per {@link FleetOptions#probeInterval()}. Redis need not be up yet: calls go
   * on as local collapse until the probe reaches it.
   */
  public static FleetCoordinator connect(RedisURI uri, FleetOptions options) {
    return connect(uri, ClientOptions.create(), options);
  }

  /**
   * {@link #connect(RedisURI, FleetOptions)} with the application's client options: its TLS
   * trust and key material ({@code SslOptions}), socket options (connect timeout, keep-alive),
   * protocol version and the like. The tier keeps its own reconnect behaviour whatever they say:
   * commands are rejected while the client reconnects, and it reconnects at the probe's pace.
   * {@code uri} may name a standalone Redis or a Sentinel set ({@code RedisURI.Builder.sentinel});
   * through Sentinel the tier follows the master across a failover.
   */
  public static FleetCoordinator connect(
      RedisURI uri, ClientOptions clientOptions, FleetOptions options) {
    return new FleetCoordinator(
        StandaloneTarget.owned(
            Objects.requireNonNull(uri, "uri"),
            Objects.requireNonNull(clientOptions, "clientOptions"),
            Objects.requireNonNull(options, "options")),
        options);
  }

  /**
   * Returns a coordinator on the application's own Redis client, which it leaves open on close.
   * It opens two connections of its own to {@code uri} with it. The client's options decide how
   * soon it reconnects after an outage, and whether commands wait while it does (they never wait
   * longer than the coordination timeout).
   */
  public static FleetCoordinator create(RedisClient client, RedisURI uri, FleetOptions options) {
    return new FleetCoordinator(
        StandaloneTarget.shared(
            Objects.requireNonNull(client, "client"), Objects.requireNonNull(uri, "uri")),
        Objects.requireNonNull(options, "options"));
  }

  /**
   * Returns a coordinator on a Redis Cluster, on a client of its own that finds the cluster
   * through {@code seeds} (one node is enough) and closes with the coordinator. The client
   * follows {@code MOVED} and {@code ASK}, reads the cluster's topology again when a command
   * meets a redirect or a lost node and every 30 s, rejects commands while it reconnects, and
   * tries to reconnect once per {@link FleetOptions#probeInterval()}.
   */
  public static FleetCoordinator connectCluster(Iterable<RedisURI> seeds, FleetOptions options) {
    return connectCluster(seeds, ClusterClientOptions.create(), options);
  }

  /**
   * {@link #connectCluster(Iterable, FleetOptions)} with the application's cluster client options:
   * TLS trust and key material, socket options and the like. The tier keeps its own reconnect
   * behaviour and topology refresh whatever they say.
   */
  public static FleetCoordinator connectCluster(
      Iterable<RedisURI> seeds, ClusterClientOptions clientOptions, FleetOptions options) {
    return new FleetCoordinator(
        ClusterTarget.owned(
            Objects.requireNonNull(seeds, "seeds"),
            Objects.requireNonNull(clientOptions, "clientOptions"),
            Objects.requireNonNull(options, "options")),
        options);
  }

  /**
   * Returns a coordinator on the application's own Redis Cluster client, which it leaves open on
   * close; it opens two cluster connections of its own with it. Give the client topology refresh
   * ({@code ClusterTopologyRefreshOptions} with the adaptive triggers and a periodic refresh), so
   * that after a failover the commands go to the new master at once rather than by a redirect.
   */
  public static FleetCoordinator create(RedisClusterClient client, FleetOptions options) {
    return new FleetCoordinator(
        ClusterTarget.shared(Objects.requireNonNull(client, "client")),
        Objects.requireNonNull(options, "options"));
  }

  /**
   * {@link #call(FleetKey, FleetCodec, Duration, FleetCall)} with no wait limit of the caller's
   * own: a waiting caller waits until the leader's lease ends at most.
   */
  public <T, X extends Exception> T call(FleetKey key, FleetCodec<T> codec, FleetCall<T, X> call)
      throws X, InterruptedException {
    return call(key, codec, Coordination.NO_LIMIT, Coordination.NO_LIMIT, call);
  }

  /**
   * Returns the result of the one call for {@code key} across the fleet: this instance's own
   * {@code call}, or the result another instance's call stored.
   *
   * @param maxWait how long this caller waits for another instance at most; then it makes its
   *     own call
   * @throws X what {@code call} threw, when this instance made it; another instance's failure
   *     is never handed on: the callers that waited for it make their own calls
   * @throws InterruptedException if the thread was interrupted while it waited for Redis or for
   *     another instance
   */
  public <T, X extends Exception> T call(
      FleetKey key, FleetCodec<T> codec, Duration maxWait, FleetCall<T, X> call)
      throws X, InterruptedException {
    return call(key, codec, Coordination.nanos(maxWait), Coordination.NO_LIMIT, call);
  }

  /**
   * {@link #call(FleetKey, FleetCodec, Duration, FleetCall)} for a caller that must not join a
   * call another instance started more than {@code maxAge} ago: one that arrived after a write on
   * its own instance, which such a call may not have seen. It makes its own call instead
   * ({@link FleetStats#overtaken()}). How long ago another instance's call started is read from
   * its lease, in Redis's own time, so the instances' clocks need not agree; their lease time
   * must.
   */
  public <T, X extends Exception> T call(
      FleetKey key, FleetCodec<T> codec, Duration maxWait, Duration maxAge, FleetCall<T, X> call)
      throws X, InterruptedException {
    return call(key, codec, Coordination.nanos(maxWait), Coordination.nanos(maxAge), call);
  }

  private <T, X extends Exception> T call(
      FleetKey key, FleetCodec<T> codec, long maxWaitNanos, long maxAgeNanos, FleetCall<T, X> call)
      throws X, InterruptedException {
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(codec, "codec");
    Objects.requireNonNull(call, "call");
    return blocking.call(key, codec, maxWaitNanos, maxAgeNanos, call);
  }

  /**
   * {@link #call(FleetKey, FleetCodec, Duration, FleetCall)} for a caller that must not block (an
   * event loop, a non-blocking client): Redis is asked, and another instance waited for, without
   * holding a thread. {@code call} starts this instance's own call, on whichever thread the
   * coordination ends on (a Redis client's, the JDK's timer), so it must not block either.
   *
   * @return the result of this instance's call, or the result another instance stored; it fails
   *     only as this instance's own call did
   */
  public <T> CompletableFuture<T> callAsync(
      FleetKey key,
      FleetCodec<T> codec,
      Duration maxWait,
      Supplier<? extends CompletionStage<T>> call) {
    return callAsync(key, codec, maxWait, Duration.ofNanos(Coordination.NO_LIMIT), call);
  }

  /**
   * {@link #callAsync(FleetKey, FleetCodec, Duration, Supplier)} for a caller that must not join
   * a call another instance started more than {@code maxAge} ago, as
   * {@link #call(FleetKey, FleetCodec, Duration, Duration, FleetCall)} says.
   */
  public <T> CompletableFuture<T> callAsync(
      FleetKey key,
      FleetCodec<T> codec,
      Duration maxWait,
      Duration maxAge,
      Supplier<? extends CompletionStage<T>> call) {
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(codec, "codec");
    Objects.requireNonNull(call, "call");
    return async.call(key, codec, Coordination.nanos(maxWait), Coordination.nanos(maxAge), call);
  }

  /**
   * Tells the fleet that a write completed on this instance (a request that changed state, a
   * committed transaction): from now on, no caller of any instance takes the result of a call
   * that started before it, and makes its own call instead ({@link FleetStats#overtaken()}).
   * Call it once the write is done and before its caller can act on it (before its response
   * leaves), and let the caller go on once the future completes: Redis counted the write, or
   * did not within the coordination timeout (then only this instance's callers are kept apart,
   * through the age their {@code maxAge} gives). The future never fails; it completes at once
   * while the tier does not coordinate.
   */
  public CompletableFuture<Void> written() {
    return fleet.written();
  }

  /**
   * Notes that keys of this instance hold {@code value} as {@code part}, for the other instances
   * ({@link io.github.collapseexecutor.fleet.Fleet#noteKeyPart}).
   */
  void noteKeyPart(String part, String value) {
    fleet.instances.note(part, value);
  }

  /** Returns what this coordinator did so far, what it does now and the last problem it met. */
  public FleetStats stats() {
    return fleet.counters;
  }

  /** Returns the options. */
  public FleetOptions options() {
    return options;
  }

  /** Returns when the tier coordinates through Redis next: at once if it does now. */
  CompletableFuture<Void> whenCoordinating() {
    return fleet.health.whenUp();
  }

  /** Sets what runs between a claim that found the key held and the watch, for tests. */
  void beforeWatch(Runnable action) {
    fleet.beforeWatch = action;
  }

  /** Stops telling the other instances about this one, for tests that count Redis's commands. */
  void tellNoInstances() {
    probe.tellsInstances = false;
  }

  /** Returns how many callers watch for another instance's call now. */
  int watching() {
    return fleet.publications.watching();
  }

  /** Returns how many key channels this instance subscribes to now, for tests. */
  int keysSubscribed() {
    return fleet.publications.keysSubscribed();
  }

  /** Stops the probe and closes the connections; calls after it go on as local collapse. */
  @Override
  public void close() {
    probe.close();
    fleet.health.stop();
    fleet.link.close();
  }
}
