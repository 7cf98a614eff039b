package io.github.collapseexecutor.redis;

import java.lang.System.Logger.Level;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;

/**
 * Watches for Redis evicting the tier's keys: every key of the tier has a time to live, so a
 * {@code maxmemory-policy} other than {@code noeviction} (a {@code volatile-*} one too) may drop
 * a lease while its call runs, and another instance then makes the same call. It warns once when
 * the policy allows that, and once when a lease was dropped, and counts such leases.
 */
final class EvictionWatch {

  private static final System.Logger LOG = System.getLogger(FleetCoordinator.class.getName());

  private final String name;
  private final LongAdder evicted;
  private final AtomicBoolean policyRead = new AtomicBoolean();
  private final AtomicBoolean evictionTold = new AtomicBoolean();

  EvictionWatch(String name, LongAdder evicted) {
    this.name = name;
    this.evicted = evicted;
  }

  /**
   * Reads the eviction policy once, on the first connection: a Redis that refuses {@code CONFIG
   * GET} (a managed service, a user without it) is no fault, and is not asked again.
   */
  void readPolicyOnce(CompletionStage<Map<String, String>> configGet) {
    if (policyRead.getAndSet(true)) {
      return;
    }
    configGet.whenComplete(
        (config, failure) -> {
          if (failure != null) {
            LOG.log(
                Level.DEBUG,
                "{0}: could not read maxmemory-policy ({1}); no check of it",
                name,
                failure);
            return;
          }
          String policy = config == null ? null : config.get("maxmemory-policy");
          if (policy != null && !policy.equals("noeviction")) {
            LOG.log(
                Level.WARNING,
                "{0}: Redis evicts keys when full (maxmemory-policy {1}): every "
                    + "key of the fleet tier has a time to live, so a lease may be evicted while its "
                    + "call runs, and another instance makes the same call. Give the tier a Redis with "
                    + "maxmemory-policy noeviction, or memory enough that it never evicts.",
                name,
                policy);
          }
        });
  }

  /** Counts a lease that Redis dropped while its call ran, and warns the first time. */
  void leaseGone() {
    evicted.increment();
    if (!evictionTold.getAndSet(true)) {
      LOG.log(
          Level.WARNING,
          "{0}: Redis dropped the lease of a call while it ran, well within "
              + "the lease time: evicted (see maxmemory-policy) or deleted by someone else. Another "
              + "instance may have made the same call.",
          name);
    }
  }
}
