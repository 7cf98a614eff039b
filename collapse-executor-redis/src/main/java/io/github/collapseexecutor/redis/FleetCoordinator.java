package io.github.collapseexecutor.redis;

import io.github.collapseexecutor.core.Incubating;
import io.github.collapseexecutor.fleet.FleetCodec;
import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.cluster.ClusterClientOptions;
import io.lettuce.core.cluster.RedisClusterClient;
import java.security.GeneralSecurityException;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

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
 * warning per outage and a count ({@link FleetStats#fellBack()}); waiting callers make their own
 * calls at once. A probe ({@link FleetOptions#probeInterval()}) finds Redis back, without a
 * restart and without retries by the calls themselves.
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

  private static final long NO_LIMIT = Long.MAX_VALUE;

  private final FleetOptions options;
  private final FleetSecret secret;
  private final Publications publications;
  private final TierHealth health;
  private final RedisLink link;
  private final FleetCounters counters;
  private final TierProbe probe;
  private final long timeoutNanos;
  /** Runs between a claim that found the key held and the watch; tests widen that window. */
  private volatile Runnable beforeWatch = () -> { };

  FleetCoordinator(RedisTarget target, FleetOptions options) {
    this.options = options;
    this.secret = new FleetSecret(options.secret(), options.encryptValues());
    RedisNames names = new RedisNames(options.keyPrefix());
    this.publications = new Publications(names);
    this.health = new TierHealth(options.name(), publications::releaseAll);
    this.link = new RedisLink(target, names, options, publications,
        () -> health.failed("lost its connection"));
    this.counters = new FleetCounters(health);
    this.timeoutNanos = options.coordinationTimeout().toNanos();
    this.probe = new TierProbe(link, health, secret.token(), options);
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
  public static FleetCoordinator connect(RedisURI uri, ClientOptions clientOptions,
      FleetOptions options) {
    return new FleetCoordinator(StandaloneTarget.owned(Objects.requireNonNull(uri, "uri"),
        Objects.requireNonNull(clientOptions, "clientOptions"),
        Objects.requireNonNull(options, "options")), options);
  }

  /**
   * Returns a coordinator on the application's own Redis client, which it leaves open on close.
   * It opens two connections of its own to {@code uri} with it. The client's options decide how
   * soon it reconnects after an outage, and whether commands wait while it does (they never wait
   * longer than the coordination timeout).
   */
  public static FleetCoordinator create(RedisClient client, RedisURI uri, FleetOptions options) {
    return new FleetCoordinator(StandaloneTarget.shared(Objects.requireNonNull(client, "client"),
        Objects.requireNonNull(uri, "uri")), Objects.requireNonNull(options, "options"));
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
  public static FleetCoordinator connectCluster(Iterable<RedisURI> seeds,
      ClusterClientOptions clientOptions, FleetOptions options) {
    return new FleetCoordinator(ClusterTarget.owned(Objects.requireNonNull(seeds, "seeds"),
        Objects.requireNonNull(clientOptions, "clientOptions"),
        Objects.requireNonNull(options, "options")), options);
  }

  /**
   * Returns a coordinator on the application's own Redis Cluster client, which it leaves open on
   * close; it opens two cluster connections of its own with it. Give the client topology refresh
   * ({@code ClusterTopologyRefreshOptions} with the adaptive triggers and a periodic refresh), so
   * that after a failover the commands go to the new master at once rather than by a redirect.
   */
  public static FleetCoordinator create(RedisClusterClient client, FleetOptions options) {
    return new FleetCoordinator(ClusterTarget.shared(Objects.requireNonNull(client, "client")),
        Objects.requireNonNull(options, "options"));
  }

  /**
   * {@link #call(FleetKey, FleetCodec, Duration, FleetCall)} with no wait limit of the caller's
   * own: a waiting caller waits until the leader's lease ends at most.
   */
  public <T, X extends Exception> T call(FleetKey key, FleetCodec<T> codec, FleetCall<T, X> call)
      throws X, InterruptedException {
    return call(key, codec, NO_LIMIT, NO_LIMIT, call);
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
  public <T, X extends Exception> T call(FleetKey key, FleetCodec<T> codec, Duration maxWait,
      FleetCall<T, X> call) throws X, InterruptedException {
    return call(key, codec, nanos(maxWait), NO_LIMIT, call);
  }

  /**
   * {@link #call(FleetKey, FleetCodec, Duration, FleetCall)} for a caller that must not join a
   * call another instance started more than {@code maxAge} ago: one that arrived after a write on
   * its own instance, which such a call may not have seen. It makes its own call instead
   * ({@link FleetStats#overtaken()}). How long ago another instance's call started is read from
   * its lease, in Redis's own time, so the instances' clocks need not agree; their lease time
   * must.
   */
  public <T, X extends Exception> T call(FleetKey key, FleetCodec<T> codec, Duration maxWait,
      Duration maxAge, FleetCall<T, X> call) throws X, InterruptedException {
    return call(key, codec, nanos(maxWait), nanos(maxAge), call);
  }

  /** Returns {@code duration} in nanoseconds, at least 0, {@link #NO_LIMIT} if longer. */
  private static long nanos(Duration duration) {
    try {
      return Math.max(0, duration.toNanos());
    } catch (ArithmeticException tooLong) {
      return NO_LIMIT;
    }
  }

  private <T, X extends Exception> T call(FleetKey key, FleetCodec<T> codec, long maxWaitNanos,
      long maxAgeNanos, FleetCall<T, X> call) throws X, InterruptedException {
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(codec, "codec");
    Objects.requireNonNull(call, "call");
    if (!health.up()) {
      counters.fellBack.increment();
      return call.call();
    }
    String digest = secret.digest(key);
    String token = secret.token();
    RedisLink.Claim claim;
    long asked = System.nanoTime();
    try {
      claim = link.claim(digest, token, options.leaseTime().toMillis());
    } catch (RedisLink.Unavailable e) {
      // the claim may still run after its timeout: free the key again behind it
      link.release(digest, token);
      return fallBack(e, call);
    }
    health.commandAnswered();
    if (claim.led()) {
      return lead(digest, token, codec, call);
    }
    if (startedBefore(claim, System.nanoTime() - asked, maxAgeNanos)) {
      counters.overtaken.increment();
      return call.call();
    }
    T shared = awaitShared(digest, claim, codec, maxWaitNanos);
    return shared != null ? shared : call.call();
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
  public <T> CompletableFuture<T> callAsync(FleetKey key, FleetCodec<T> codec, Duration maxWait,
      Supplier<? extends CompletionStage<T>> call) {
    return callAsync(key, codec, maxWait, Duration.ofNanos(NO_LIMIT), call);
  }

  /**
   * {@link #callAsync(FleetKey, FleetCodec, Duration, Supplier)} for a caller that must not join
   * a call another instance started more than {@code maxAge} ago, as
   * {@link #call(FleetKey, FleetCodec, Duration, Duration, FleetCall)} says.
   */
  public <T> CompletableFuture<T> callAsync(FleetKey key, FleetCodec<T> codec, Duration maxWait,
      Duration maxAge, Supplier<? extends CompletionStage<T>> call) {
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(codec, "codec");
    Objects.requireNonNull(call, "call");
    long maxWaitNanos = nanos(maxWait);
    long maxAgeNanos = nanos(maxAge);
    if (!health.up()) {
      counters.fellBack.increment();
      return start(call);
    }
    String digest = secret.digest(key);
    String token = secret.token();
    long waitNanos = maxWaitNanos;
    long asked = System.nanoTime();
    return link.claimAsync(digest, token, options.leaseTime().toMillis())
        .handle((claim, failure) -> {
          if (failure != null) {
            // the claim may still run after its timeout: free the key again behind it
            link.release(digest, token);
            health.commandFailed(link.unavailable(failure).problem());
            counters.fellBack.increment();
            return start(call);
          }
          health.commandAnswered();
          if (!claim.led() && startedBefore(claim, System.nanoTime() - asked, maxAgeNanos)) {
            counters.overtaken.increment();
            return start(call);
          }
          return claim.led() ? leadAsync(digest, token, codec, call)
              : awaitSharedAsync(digest, claim, codec, waitNanos).thenCompose(shared ->
                  shared != null ? CompletableFuture.completedFuture(shared) : start(call));
        })
        .thenCompose(result -> result);
  }

  /**
   * Returns whether the call of {@code claim}'s holder may have started more than
   * {@code maxAgeNanos} ago: its lease, taken for the lease time, has that little left, give or
   * take the claim's round trip, which counts against it.
   */
  private boolean startedBefore(RedisLink.Claim claim, long roundTripNanos, long maxAgeNanos) {
    if (maxAgeNanos == NO_LIMIT) {
      return false;
    }
    if (claim.leaseMillis() > options.leaseTime().toMillis()) {
      // longer than any lease this fleet takes: set by someone else, so its age is unknown
      return true;
    }
    long ageNanos = options.leaseTime().toNanos() - leaseLeftNanos(claim);
    return ageNanos + roundTripNanos >= maxAgeNanos;
  }

  /**
   * Returns how long {@code claim}'s lease has left, as a waiting caller counts it: never more
   * than the lease time, whatever Redis holds, since a writer without the secret may have set the
   * lease to last a day, and a caller waits at most the lease time and the coordination timeout.
   */
  private long leaseLeftNanos(RedisLink.Claim claim) {
    return Math.min(options.leaseTime().toNanos(),
        TimeUnit.MILLISECONDS.toNanos(Math.max(0, claim.leaseMillis())));
  }

  /** Starts this instance's own call; a call that throws as it starts fails its future. */
  private static <T> CompletableFuture<T> start(Supplier<? extends CompletionStage<T>> call) {
    try {
      return call.get().toCompletableFuture();
    } catch (RuntimeException | Error failure) {
      return CompletableFuture.failedFuture(failure);
    }
  }

  private <T> CompletableFuture<T> leadAsync(String digest, String token, FleetCodec<T> codec,
      Supplier<? extends CompletionStage<T>> call) {
    counters.led.increment();
    CompletableFuture<T> own = start(call);
    // as the blocking lead: the caller has its result once the end of the call reached Redis,
    // or the coordination timeout passed
    return own.handle((result, failure) -> {
      byte[] value = failure != null ? null : storable(result, codec, digest, token);
      return value == null ? link.release(digest, token)
          : link.finish(digest, token, value, options.resultTtl().toMillis());
    }).thenCompose(sent -> sent.handle((ignored, late) -> {
      if (late != null) {
        noteLateEnd(late);
      }
      return own;
    })).thenCompose(result -> result);
  }

  /**
   * {@link #awaitShared} without blocking: the future completes with the result of the call that
   * {@code claim}'s holder makes, or {@code null} if this caller makes its own call.
   */
  private <T> CompletableFuture<@Nullable T> awaitSharedAsync(String digest,
      RedisLink.Claim claim, FleetCodec<T> codec, long maxWaitNanos) {
    beforeWatch.run();
    Publications.Watch watch = publications.watch(digest, claim.holder());
    if (!health.up()) {
      watch.close();
      counters.fellBack.increment();
      return CompletableFuture.completedFuture(null);
    }
    long leaseNanos = leaseLeftNanos(claim);
    // the result may have landed before the watch began: look once before waiting
    return link.resultOnceListeningAsync(watch, digest, claim.holder())
        .thenCompose(value -> value != null
            ? CompletableFuture.completedFuture(new Waited(value, counters.unshared))
            : watch.end(Math.min(maxWaitNanos, leaseNanos + timeoutNanos))
                .thenCompose(signal -> signal == Publications.Signal.STORED
                    ? link.resultAsync(digest, claim.holder())
                        .thenApply(stored -> new Waited(stored, counters.unshared))
                    : CompletableFuture.completedFuture(new Waited(null, fellShort(signal)))))
        .handle((waited, failure) -> {
          watch.close();
          if (failure != null) {
            health.commandFailed(link.unavailable(failure).problem());
            counters.fellBack.increment();
            return null;
          }
          T result = waited.value() == null ? null
              : read(waited.value(), codec, digest, claim.holder());
          (result != null ? counters.joined : waited.fellShort()).increment();
          return result;
        });
  }

  /** Returns what counts a wait that ended with {@code signal} and no result to take. */
  private LongAdder fellShort(Publications.@Nullable Signal signal) {
    return signal == null ? counters.leaseLost
        : signal == Publications.Signal.TIER_DOWN || signal == Publications.Signal.UNHEARD
        ? counters.fellBack : counters.unshared;
  }

  /** What a wait for another instance found: its stored value, and what counts it if none. */
  private record Waited(byte @Nullable [] value, LongAdder fellShort) {}

  private <T, X extends Exception> T lead(String digest, String token, FleetCodec<T> codec,
      FleetCall<T, X> call) throws X {
    counters.led.increment();
    T result;
    try {
      result = call.call();
    } catch (Throwable failure) {
      finish(link.release(digest, token));
      throw failure;
    }
    byte[] value = storable(result, codec, digest, token);
    finish(value == null ? link.release(digest, token)
        : link.finish(digest, token, value, options.resultTtl().toMillis()));
    return result;
  }

  /** Returns the value to store for {@code result}, or {@code null} if it is not shared. */
  private <T> byte @Nullable [] storable(T result, FleetCodec<T> codec, String digest,
      String token) {
    byte[] plain;
    try {
      plain = codec.encode(result);
    } catch (RuntimeException e) {
      return null;
    }
    if (plain == null || plain.length > options.maxValueBytes()) {
      return null;
    }
    byte[] value = secret.seal(plain, digest, token);
    return value.length > options.maxValueBytes() ? null : value;
  }

  /**
   * Waits, at most the coordination timeout, until the end of a call reached Redis: a caller of
   * this or another instance that comes after the leader returned then leads a call of its own,
   * rather than taking a result from before it asked. Turns the tier down if Redis is late.
   */
  private void finish(CompletableFuture<Object> sent) {
    try {
      sent.get();
    } catch (InterruptedException e) {
      // the call is made and its result is the caller's: keep the interrupt for the caller
      Thread.currentThread().interrupt();
    } catch (ExecutionException e) {
      noteLateEnd(e.getCause() == null ? e : e.getCause());
    }
  }

  /** Notes an end of a call that Redis did not take in time. */
  private void noteLateEnd(Throwable failure) {
    health.commandFailed(link.unavailable(failure).problem());
  }

  /**
   * Waits for the call that {@code claim}'s holder makes and returns its result, or {@code null}
   * if this caller makes its own call: counted by why.
   */
  private <T> @Nullable T awaitShared(String digest, RedisLink.Claim claim, FleetCodec<T> codec,
      long maxWaitNanos) throws InterruptedException {
    LongAdder fellShort;
    beforeWatch.run();
    try (Publications.Watch watch = publications.watch(digest, claim.holder())) {
      if (!health.up()) {
        // the tier went down before the watch began, so its signal was not heard
        counters.fellBack.increment();
        return null;
      }
      // the result may have landed before the watch began: look once before waiting
      byte[] value = link.resultOnceListening(watch, digest, claim.holder());
      if (value == null) {
        long leaseNanos = leaseLeftNanos(claim);
        Publications.Signal signal = watch.await(Math.min(maxWaitNanos,
            leaseNanos + timeoutNanos));
        value = signal == Publications.Signal.STORED
            ? link.resultOnceListening(watch, digest, claim.holder()) : null;
        fellShort = fellShort(signal);
      } else {
        fellShort = counters.unshared;
      }
      T result = value == null ? null : read(value, codec, digest, claim.holder());
      (result != null ? counters.joined : fellShort).increment();
      return result;
    } catch (RedisLink.Unavailable e) {
      health.commandFailed(e.problem());
      counters.fellBack.increment();
      return null;
    }
  }

  private <T> @Nullable T read(byte[] value, FleetCodec<T> codec, String digest, String token) {
    try {
      return codec.decode(secret.open(value, digest, token, options.resultTtl().toMillis()));
    } catch (GeneralSecurityException | RuntimeException e) {
      // written with another secret or setting, for another call, or by someone else: not the
      // result of this fleet's call under way
      return null;
    }
  }

  private <T, X extends Exception> T fallBack(RedisLink.Unavailable problem, FleetCall<T, X> call)
      throws X {
    health.commandFailed(problem.problem());
    counters.fellBack.increment();
    return call.call();
  }

  /** Returns what this coordinator did so far, and whether it coordinates now. */
  public FleetStats stats() {
    return counters;
  }

  /** Returns the options. */
  public FleetOptions options() {
    return options;
  }

  /** Returns when the tier coordinates through Redis next: at once if it does now. */
  CompletableFuture<Void> whenCoordinating() {
    return health.whenUp();
  }

  /** Sets what runs between a claim that found the key held and the watch, for tests. */
  void beforeWatch(Runnable action) {
    this.beforeWatch = action;
  }

  /** Returns how many callers watch for another instance's call now. */
  int watching() {
    return publications.watching();
  }

  /** Returns how many key channels this instance subscribes to now, for tests. */
  int keysSubscribed() {
    return publications.keysSubscribed();
  }

  /** Stops the probe and closes the connections; calls after it go on as local collapse. */
  @Override
  public void close() {
    probe.close();
    health.stop();
    link.close();
  }
}
