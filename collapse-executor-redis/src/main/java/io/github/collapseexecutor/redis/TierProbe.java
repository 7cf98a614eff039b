package io.github.collapseexecutor.redis;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Finds Redis, and finds it back after an outage: once per {@link FleetOptions#probeInterval()}
 * it opens what is not open and writes one small key ({@link RedisLink#probe}), and turns the
 * tier up when Redis takes it, down when not. Calls never wait for it.
 */
final class TierProbe implements AutoCloseable {

  /**
   * How long the probe waits for a new connection: a JVM's first one loads the client's network
   * stack, which takes seconds on a loaded machine, and no call waits for it.
   */
  private static final long CONNECT_WAIT_NANOS = TimeUnit.SECONDS.toNanos(10);
  /**
   * How long the probe waits for Redis to take its write, at least: a probe a little late on a
   * loaded machine is no outage; a call's own commands still stop at the coordination timeout.
   */
  private static final long PROBE_WRITE_WAIT_NANOS = TimeUnit.SECONDS.toNanos(1);

  private final RedisLink link;
  private final TierHealth health;
  private final String instanceToken;
  private final long probeTtlMillis;
  private final long timeoutNanos;
  private final ScheduledExecutorService prober;

  /** Starts probing at once, on a daemon thread named after the tier. */
  TierProbe(RedisLink link, TierHealth health, String instanceToken, FleetOptions options) {
    this.link = link;
    this.health = health;
    this.instanceToken = instanceToken;
    this.probeTtlMillis = 3 * Math.max(1, options.probeInterval().toMillis());
    this.timeoutNanos = options.coordinationTimeout().toNanos();
    this.prober = Executors.newSingleThreadScheduledExecutor(runnable -> {
      Thread thread = new Thread(runnable, "collapse-fleet-probe-" + options.name());
      thread.setDaemon(true);
      return thread;
    });
    prober.scheduleWithFixedDelay(this::probe, 0, options.probeInterval().toNanos(),
        TimeUnit.NANOSECONDS);
  }

  private void probe() {
    try {
      link.probe(instanceToken, probeTtlMillis, Math.max(timeoutNanos, CONNECT_WAIT_NANOS),
          Math.max(timeoutNanos, PROBE_WRITE_WAIT_NANOS));
      health.answered();
    } catch (RedisLink.Unavailable e) {
      health.failed(e.problem());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (RuntimeException e) {
      health.failed("failed: " + e);
    }
  }

  /** Stops probing. */
  @Override
  public void close() {
    prober.shutdownNow();
  }
}
