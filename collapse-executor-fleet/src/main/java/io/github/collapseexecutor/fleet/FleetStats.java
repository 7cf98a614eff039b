package io.github.collapseexecutor.fleet;

import io.github.collapseexecutor.core.Incubating;
import java.time.Instant;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * What the fleet tier of one instance did, counted since it was made, and the state it is in: the
 * statistics a store implements ({@code collapse-executor-redis}'s {@code FleetCoordinator.stats()})
 * and that meters and endpoints read, with no type of the store. Each call that reaches the tier
 * is counted once, by how it got its result: {@link #led()}, {@link #joined()},
 * {@link #fellBack()}, {@link #leaseLost()}, {@link #unshared()}, {@link #overtaken()} or
 * {@link #joinedOwn()}.
 *
 * <p>A figure added later comes as a default method, so that a store written against an earlier
 * version still implements it, and a reader sees the figure as zero or empty until the store
 * counts it.
 */
@Incubating
public interface FleetStats {

  /** Returns the calls this instance made for the fleet, holding the key (its lease on Redis). */
  long led();

  /** Returns the calls answered by another instance's result: this instance joined elsewhere. */
  long joined();

  /**
   * Returns the calls this instance led whose result another instance took, as those instances
   * tell it through the store, a few seconds late at most (one probe interval on Redis).
   */
  default long othersJoined() {
    return 0;
  }

  /**
   * Returns the calls answered by a call of their own instance that reached the tier beside
   * them: its local collapse kept the two apart (they arrived on another local address, or their
   * response varied on a header), or they go through none. No join of another instance.
   */
  default long joinedOwn() {
    return 0;
  }

  /**
   * Returns the instances of the fleet the tier heard from lately, this one first, with the key
   * parts each noted ({@link Fleet#noteKeyPart}) and those it has no value of in common with
   * this one; empty until the store answered.
   */
  default List<FleetInstance> instances() {
    return List.of();
  }

  /**
   * Returns the calls that went on as local collapse because the store was down, slow or full;
   * none of them failed for it.
   */
  long fellBack();

  /**
   * Returns the calls that waited for another instance and then made their own: its hold on the
   * key ran out (it crashed, or its call outlived its lease) or their own wait limit did.
   */
  long leaseLost();

  /**
   * Returns the calls that waited for another instance and then made their own because its
   * result was not shared: too large, not encodable, a failed call, or unreadable here.
   */
  long unshared();

  /**
   * Returns the calls that did not wait for another instance's call, and made their own, because
   * it started before a write their own instance completed: a read never goes back in time on
   * its instance. Zero for a caller that gives no such limit.
   */
  default long overtaken() {
    return 0;
  }

  /**
   * Returns the calls that went on as local collapse for {@code reason}; over every reason they
   * add up to {@link #fellBack()}.
   */
  default long fellBack(FallbackReason reason) {
    return reason == FallbackReason.TIER_DOWN ? fellBack() : 0;
  }

  /**
   * Returns the calls this instance led whose hold on the key the store dropped before the call
   * ended, well within its time: on Redis, a lease evicted under memory pressure (a
   * {@code maxmemory-policy} other than {@code noeviction}) or deleted by someone else. Another
   * instance may have made the same call meanwhile.
   */
  default long evicted() {
    return 0;
  }

  /**
   * Returns how many times the store (Redis, or some masters of a cluster) stopped answering while
   * every call coordinated. An outage is counted once until every call coordinates again, also when the tier
   * goes between {@link FleetState#FAILING_OPEN} and {@link FleetState#DEGRADED} meanwhile.
   */
  long outages();

  /**
   * Returns whether the tier coordinates through its store now, rather than falling back: also
   * while it is {@link FleetState#DEGRADED}, when only the calls for a part of the store that does
   * not answer fall back.
   */
  boolean coordinating();

  /** Returns what the tier does with calls now. */
  default FleetState state() {
    return coordinating() ? FleetState.COORDINATING : FleetState.FAILING_OPEN;
  }

  /**
   * Returns the last problem the tier met with its store, with its cause and, for a configuration
   * fault, the fix: kept after the store answers again, so that an outage can be told after it
   * ended; empty while there was none.
   */
  default Optional<String> lastProblem() {
    return Optional.empty();
  }

  /** Returns when the tier met {@link #lastProblem()}. */
  default Optional<Instant> lastProblemAt() {
    return Optional.empty();
  }

  /**
   * What the fleet tier does with calls now ({@link FleetStats#state()}). {@link #COORDINATING}
   * shares calls across instances, and {@link #DEGRADED} those whose keys live on a part of the
   * store that answers; in every other state each call goes on as local collapse on its own
   * instance, and none fails for it. The examples are Redis's, the store of
   * {@code collapse-executor-redis}.
   */
  @Incubating
  enum FleetState {

    /** The store has not been reached yet since the tier was made. */
    STARTING,

    /** Calls coordinate through the store. */
    COORDINATING,

    /**
     * The store does not answer, answers late, or answers with an error that passes (full, a failover
     * under way): the probe finds it back without a restart.
     */
    FAILING_OPEN,

    /**
     * The store answers, but refuses what the tier needs in a way that only a change of configuration
     * mends: a missing ACL permission, a disabled command, a replica or a cluster node where a
     * standalone master was expected, a TLS certificate it does not trust. {@link
     * FleetStats#lastProblem()} names the cause and the fix; the probe keeps trying, so the tier
     * coordinates once the configuration is mended.
     */
    MISCONFIGURED,

    /**
     * Calls coordinate through the store, except those whose keys live on a master of the cluster that
     * does not answer while the others do: they go on as local collapse until it answers again or
     * its replica took its slots over. {@link FleetStats#lastProblem()} names the master; {@link
     * FleetStats#coordinating()} is true, since every other call coordinates.
     */
    DEGRADED,

    /**
     * The store answers, and no call or write reached the tier yet: on an instance where no
     * adapter or method routes to the tier, it stays so. {@link FleetStats#coordinating()} is true,
     * since a call would coordinate.
     */
    IDLE
  }

  /**
   * Why a call went on as local collapse rather than coordinating through the fleet tier's store ({@link
   * FleetStats#fellBack(FallbackReason)}). None of these fails a call.
   */
  @Incubating
  enum FallbackReason {

    /**
     * The tier was not coordinating when the call came, or stopped while it waited: the store
     * unreachable, not reached yet, or misconfigured ({@link FleetStats#state()}).
     */
    TIER_DOWN,

    /** A command of the call was not answered within the coordination timeout. */
    TIMEOUT,

    /** The store answered a command of the call with an error: full, read-only, or refused. */
    REDIS_ERROR
  }

  /**
   * An instance of the fleet as the tier of one instance heard of it ({@link
   * FleetStats#instances()}).
   *
   * @param id the instance's id, random, new at each start
   * @param self whether it is the instance that reports it
   * @param keyParts the values of each key part it noted lately ({@link Fleet#noteKeyPart}), such
   *     as {@code port} and {@code Host}, by part
   * @param noneInCommon the parts of which it noted no value the reporting instance noted: calls
   *     whose keys hold such a part never share between the two
   */
  @Incubating
  record FleetInstance(
      String id, boolean self, Map<String, List<String>> keyParts, List<String> noneInCommon) {

    /** Copies the parts, in the order of their names. */
    public FleetInstance {
      TreeMap<String, List<String>> sorted = new TreeMap<>();
      keyParts.forEach((part, values) -> sorted.put(part, List.copyOf(values)));
      keyParts = Collections.unmodifiableMap(sorted);
      noneInCommon = List.copyOf(noneInCommon);
    }
  }
}
