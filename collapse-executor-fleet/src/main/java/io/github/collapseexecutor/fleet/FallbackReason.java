package io.github.collapseexecutor.fleet;

import io.github.collapseexecutor.core.Incubating;

/**
 * Why a call went on as local collapse rather than coordinating through the fleet tier's store ({@link
 * FleetStats#fellBack(FallbackReason)}). None of these fails a call.
 */
@Incubating
public enum FallbackReason {

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
