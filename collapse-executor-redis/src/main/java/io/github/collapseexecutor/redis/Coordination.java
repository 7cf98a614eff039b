package io.github.collapseexecutor.redis;

import io.github.collapseexecutor.fleet.FleetStats.FallbackReason;
import io.github.collapseexecutor.fleet.FleetStats.FleetState;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.IntSupplier;
import org.jspecify.annotations.Nullable;

/**
 * What the blocking and the non-blocking calls of one coordinator share: its options, its
 * connections to Redis, its health and counts, and the rules both follow when another instance
 * holds a key.
 */
final class Coordination {

  /** A wait limit or age limit that the caller did not set. */
  static final long NO_LIMIT = Long.MAX_VALUE;

  final FleetOptions options;
  final FleetSecret secret;
  final SealedValues values;
  final Publications publications;
  final TierHealth health;
  final RedisLink link;
  final FleetCounters counters;
  final EvictionWatch eviction;
  final FleetInstances instances;
  final long timeoutNanos;
  final long leaseMillis;
  final long leaseNanos;
  final long resultTtlMillis;

  /** Runs between a claim that found the key held and the watch; tests widen that window. */
  volatile Runnable beforeWatch = () -> {};

  Coordination(
      FleetOptions options,
      FleetSecret secret,
      Publications publications,
      TierHealth health,
      RedisLink link,
      FleetCounters counters,
      EvictionWatch eviction,
      FleetInstances instances) {
    this.options = options;
    this.secret = secret;
    this.values = new SealedValues(secret, options);
    this.publications = publications;
    this.health = health;
    this.link = link;
    this.counters = counters;
    this.eviction = eviction;
    this.instances = instances;
    this.timeoutNanos = options.coordinationTimeout().toNanos();
    this.leaseMillis = options.leaseTime().toMillis();
    this.leaseNanos = options.leaseTime().toNanos();
    this.resultTtlMillis = options.resultTtl().toMillis();
  }

  /**
   * Returns whether a call for {@code digest} coordinates through Redis now: the tier is up, and
   * the master of the key's slot answers.
   */
  boolean coordinates(String digest) {
    return health.up(() -> link.slotOf(digest));
  }

  /**
   * Returns a new token for a lease of this instance: its id, a dot and a random part, so that a
   * caller that takes the result of a lease tells whose instance made the call ({@link #joined}).
   */
  String token() {
    return instances.self() + "." + secret.token();
  }

  /**
   * Counts a result taken of the call of {@code claim}'s holder: a join of another instance's
   * call, which that instance learns of ({@link FleetInstances}), or of a call of this instance
   * that reached the tier beside the caller (its local collapse kept them apart, or there is
   * none), which is no join of another instance.
   */
  void joined(Claim claim) {
    String holder = claim.holder();
    String self = instances.self();
    if (holder.length() > self.length()
        && holder.charAt(self.length()) == '.'
        && holder.startsWith(self)) {
      counters.joinedOwn.increment();
    } else {
      counters.joined.increment();
      instances.joined(holder);
    }
  }

  /** Returns {@code duration} in nanoseconds, at least 0, {@link #NO_LIMIT} if longer. */
  static long nanos(Duration duration) {
    try {
      return Math.max(0, duration.toNanos());
    } catch (ArithmeticException tooLong) {
      return NO_LIMIT;
    }
  }

  /**
   * Returns whether the call of {@code claim}'s holder may have started before a write that
   * completed before this caller asked: the fleet counted a write since its lease began, or it
   * may have started more than {@code maxAgeNanos} ago (its lease, taken for the lease time, has
   * that little left, give or take the claim's round trip, which counts against it), which
   * keeps this instance's own writes apart also when their count did not reach Redis.
   */
  boolean startedBefore(Claim claim, long roundTripNanos, long maxAgeNanos) {
    if (claim.overtaken()) {
      return true;
    }
    if (maxAgeNanos == NO_LIMIT) {
      return false;
    }
    if (claim.leaseMillis() > leaseMillis) {
      // longer than any lease this fleet takes: set by someone else, so its age is unknown
      return true;
    }
    long ageNanos = leaseNanos - leaseLeftNanos(claim);
    return ageNanos + roundTripNanos >= maxAgeNanos;
  }

  /**
   * Returns how long a caller waits for {@code claim}'s holder: its own limit, or the lease's
   * time left and the coordination timeout, whichever ends first. The lease's time left counts
   * for no more than the lease time, whatever Redis holds, since a writer without the secret may
   * have set the lease to last a day.
   */
  long waitNanos(Claim claim, long maxWaitNanos) {
    return Math.min(maxWaitNanos, leaseLeftNanos(claim) + timeoutNanos);
  }

  private long leaseLeftNanos(Claim claim) {
    return Math.min(leaseNanos, TimeUnit.MILLISECONDS.toNanos(Math.max(0, claim.leaseMillis())));
  }

  /**
   * Counts a write that completed on this instance in the fleet's count, so that no instance's
   * caller that asks from now on takes the result of a call that started before it. The future
   * completes once Redis counted it, or at the coordination timeout or a failure, which count
   * as a late command; it never fails. While the tier does not coordinate, nothing is sent: the
   * instances that reach Redis meanwhile learn of the write only through their own writes.
   */
  CompletableFuture<Void> written() {
    counters.asked();
    if (!health.up(link::writesSlot)) {
      return CompletableFuture.completedFuture(null);
    }
    return link.written(timeoutNanos)
        .handle(
            (count, failure) -> {
              if (failure == null) {
                health.commandAnswered();
              } else {
                commandFailed(link::writesSlot, link.unavailable(failure).fault());
              }
              return null;
            });
  }

  /**
   * Counts a wait for another instance that ended with {@code signal} and no result to take: its
   * lease ran out or was gone, the tier went down or the channel was dropped, or the call ended
   * without a result this instance could read.
   */
  void countFellShort(Publications.@Nullable Signal signal) {
    if (signal == null || signal == Publications.Signal.LEASE_GONE) {
      counters.leaseLost.increment();
    } else if (signal == Publications.Signal.TIER_DOWN || signal == Publications.Signal.UNHEARD) {
      counters.countFellBack(FallbackReason.TIER_DOWN);
    } else {
      counters.unshared.increment();
    }
  }

  /** Returns whether a wait that ended with {@code signal} may find a result in Redis. */
  static boolean mayHaveResult(Publications.@Nullable Signal signal) {
    return signal == Publications.Signal.STORED || signal == Publications.Signal.LEASE_GONE;
  }

  /**
   * Notes that a command of a call for {@code digest} failed with {@code problem}: counts it,
   * tells the health ({@link #commandFailed}).
   */
  void fellBack(String digest, Unavailable problem) {
    commandFailed(digest, problem.fault());
    counters.countFellBack(problem.fault().reason());
  }

  /**
   * Tells the health that a command of a call for {@code digest} failed with {@code fault},
   * unless the tier is degraded and the key's master is one that does not answer: that says
   * nothing of the others, which would fail open with it.
   */
  void commandFailed(String digest, Fault fault) {
    commandFailed(() -> link.slotOf(digest), fault);
  }

  private void commandFailed(IntSupplier slot, Fault fault) {
    if (fault.configuration() || health.state() != FleetState.DEGRADED || health.up(slot)) {
      health.commandFailed(fault);
    }
  }

  /**
   * Notes how the end of a call this instance led went: the lease was gone well within its time
   * (three quarters of it since the claim was sent), so Redis evicted it or someone deleted it.
   */
  void noteFinished(long finished, long claimSentNanos) {
    if ((finished & Scripts.HELD) == 0 && System.nanoTime() - claimSentNanos < leaseNanos / 4 * 3) {
      eviction.leaseGone();
    }
  }
}
