package io.github.collapseexecutor.fleet;

import io.github.collapseexecutor.core.Incubating;

/**
 * What the fleet tier does with calls now ({@link FleetStats#state()}). {@link #COORDINATING}
 * shares calls across instances, and {@link #DEGRADED} those whose keys live on a part of the
 * store that answers; in every other state each call goes on as local collapse on its own
 * instance, and none fails for it. The examples are Redis's, the store of
 * {@code collapse-executor-redis}.
 */
@Incubating
public enum FleetState {

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
   * The store answers, and no call or write reached the tier yet: on an instance where no adapter
   * or method routes to the tier, it stays so. {@link FleetStats#coordinating()} is true, since a
   * call would coordinate.
   */
  IDLE
}
