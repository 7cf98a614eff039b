package io.github.collapseexecutor.benchmarks.load;

import io.github.collapseexecutor.benchmarks.LoaderVariant;
import io.github.collapseexecutor.benchmarks.SlowBackend;
import io.github.collapseexecutor.benchmarks.SlowBackendLoaders;
import io.github.collapseexecutor.core.LimitProbe;
import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Where the adaptive limit sits in front of a {@link SlowBackend}, and what that costs the backend:
 * 200 platform threads call a batch executor with default options in a closed loop, 2 s to warm
 * up, then for the time given while the limit, the slots in use and the backend calls in flight
 * are sampled every half millisecond. Prints the throughput, backend calls per 1000 requests,
 * backend calls that waited for a permit per 1000, the mean slots in use beside the mean calls in
 * the backend (a slot is also held while its batch's leader wakes up and while it hands out), and
 * the share of the time the limit spent at each value.
 *
 * <p>Arguments: the backend ({@code 8}, {@code unlimited} or {@code saturated}), the flavour
 * ({@code blocking} or {@code async}), the seconds to measure (default 4), and optionally a fixed
 * {@code maxConcurrentBatches} instead of the adaptive limit, to see what a given number of slots
 * puts in the backend. Run on the class path that {@link LimitOverTime} uses.
 */
public final class LimitShare {

  private static final int CALLERS = 200;
  private static final Duration WARM_UP = Duration.ofSeconds(2);
  private static final long SAMPLE_NANOS = TimeUnit.MICROSECONDS.toNanos(500);

  private LimitShare() {}

  public static void main(String[] args) throws Exception {
    String backendName = args[0];
    Duration duration = Duration.ofSeconds(args.length > 2 ? Long.parseLong(args[2]) : 4);
    SlowBackend backend = SlowBackend.named(backendName);
    // a fixed maxConcurrentBatches is a loader variant's limit: blocking-8, async-2
    LoaderVariant.Started<Integer> executor =
        LoaderVariant.parse(args.length > 3 ? args[1] + "-" + args[3] : args[1])
            .start(backend, SlowBackendLoaders.IDS);
    ClosedLoop.BlockingCall call = () -> executor.load(nextId());
    LimitProbe probe = executor.probe();
    ClosedLoop.blocking(CALLERS, WARM_UP, call);
    Samples samples = new Samples(probe, backend);
    Thread sampler = new Thread(samples, "limit-sampler");
    sampler.setDaemon(true);
    long calls = backend.calls();
    long queued = backend.queued();
    sampler.start();
    Measurement run = ClosedLoop.blocking(CALLERS, duration, call);
    samples.stop();
    sampler.join();
    calls = backend.calls() - calls;
    queued = backend.queued() - queued;
    executor.close();
    Progress.line(
        "%s backend, %s: %.0f requests/s, %.1f backend calls per 1000 requests, "
            + "%.1f of 1000 backend calls queued, p50 %.2f ms, p99 %.2f ms",
        backendName,
        args[1],
        run.tps(),
        1000.0 * calls / run.requests(),
        calls == 0 ? 0.0 : 1000.0 * queued / calls,
        run.p50Millis(),
        run.p99Millis());
    Progress.line("  %s", samples);
  }

  private static int nextId() {
    return ThreadLocalRandom.current().nextInt(1_000_000);
  }

  /** Samples the limit, the slots in use and the backend calls in flight until stopped. */
  private static final class Samples implements Runnable {
    private final LimitProbe probe;
    private final SlowBackend backend;
    private final Map<Integer, Long> limits = new TreeMap<>();
    private volatile boolean running = true;
    private long count;
    private long slotsInUse;
    private long inBackend;

    Samples(LimitProbe probe, SlowBackend backend) {
      this.probe = probe;
      this.backend = backend;
    }

    @Override
    public void run() {
      while (running) {
        LockSupport.parkNanos(SAMPLE_NANOS);
        limits.merge(probe.limit(), 1L, Long::sum);
        slotsInUse += probe.inFlight();
        inBackend += backend.inFlight();
        count++;
      }
    }

    void stop() {
      running = false;
    }

    /** Read after the sampling thread ended. */
    @Override
    public String toString() {
      StringBuilder text =
          new StringBuilder(
              String.format(
                  "slots in use %.2f, calls in the backend %.2f; share of time at each limit:",
                  (double) slotsInUse / count, (double) inBackend / count));
      limits.forEach(
          (limit, samples) ->
              text.append(String.format(" %d: %.1f%%", limit, 100.0 * samples / count)));
      return text.toString();
    }
  }
}
