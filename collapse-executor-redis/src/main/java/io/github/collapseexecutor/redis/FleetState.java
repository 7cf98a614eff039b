package io.github.collapseexecutor.redis;

import io.github.collapseexecutor.core.Incubating;

/**
 * What the fleet tier does with calls now ({@link FleetStats#state()}). {@link #COORDINATING}
 * shares calls across instances, and {@link #DEGRADED} those whose keys live on a master that
 * answers; in every other state each call goes on as local collapse on its own instance, and none
 * fails for it.
 */
@Incubating
public enum FleetState {

  /** Redis has not been reached yet since the coordinator was created. */
  STARTING,

  /** Calls coordinate through Redis. */
  COORDINATING,

  /**
   * Redis does not answer, answers late, or answers with an error that passes (full, a failover
   * under way): the probe finds it back without a restart.
   */
  FAILING_OPEN,

  /**
   * Redis answers, but refuses what the tier needs in a way that only a change of configuration
   * mends: a missing ACL permission, a disabled command, a replica or a cluster node where a
   * standalone master was expected, a TLS certificate it does not trust. {@link
   * FleetStats#lastProblem()} names the cause and the fix; the probe keeps trying, so the tier
   * coordinates once the configuration is mended.
   */
  MISCONFIGURED,

  /**
   * Calls coordinate through Redis, except those whose keys live on a master of the cluster that
   * does not answer while the others do: they go on as local collapse until it answers again or
   * its replica took its slots over. {@link FleetStats#lastProblem()} names the master; {@link
   * FleetStats#coordinating()} is true, since every other call coordinates.
   */
  DEGRADED
}
