package io.github.collapseexecutor.redis;

import io.github.collapseexecutor.core.Incubating;

/**
 * What a {@link FleetCoordinator} did, counted since it was created. Each call that reaches the
 * coordinator is counted once, by how it got its result: {@link #led()}, {@link #joined()},
 * {@link #fellBack()}, {@link #leaseLost()} or {@link #unshared()}.
 */
@Incubating
public interface FleetStats {

  /** Returns the calls this instance made for the fleet, holding the key's lease. */
  long led();

  /** Returns the calls answered by another instance's result. */
  long joined();

  /**
   * Returns the calls that went on as local collapse because Redis was down, slow or full; none
   * of them failed for it.
   */
  long fellBack();

  /**
   * Returns the calls that waited for another instance and then made their own: its lease ran out
   * (it crashed, or its call outlived the lease) or their own wait limit did.
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

  /** Returns how many times Redis stopped answering (each outage counted once). */
  long outages();

  /** Returns whether the tier coordinates through Redis now, rather than falling back. */
  boolean coordinating();
}
