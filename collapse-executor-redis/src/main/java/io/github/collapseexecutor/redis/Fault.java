package io.github.collapseexecutor.redis;

import io.github.collapseexecutor.fleet.FleetStats;
import io.github.collapseexecutor.fleet.FleetStats.FallbackReason;

/**
 * What one failure of Redis means for the tier: an outage that passes by itself (down, slow, full,
 * a failover under way), or a configuration fault that only a change of configuration mends,
 * whose {@code text} then names the cause and the fix.
 *
 * @param configuration whether only a change of configuration mends it
 * @param reason why the call that met it went on as local collapse
 * @param text the cause, as the log and {@link FleetStats#lastProblem()} say it
 */
record Fault(boolean configuration, FallbackReason reason, String text) {

  /** An outage: Redis answered with {@code text}, or did not answer. */
  static Fault outage(FallbackReason reason, String text) {
    return new Fault(false, reason, text);
  }

  /** A configuration fault: {@code text} names the cause and the fix. */
  static Fault configuration(String text) {
    return new Fault(true, FallbackReason.REDIS_ERROR, text);
  }
}
