package io.github.collapseexecutor.benchmarks.load;

import io.github.collapseexecutor.benchmarks.SlowBackend;
import io.github.collapseexecutor.benchmarks.SlowBackendLoaders;
import io.github.collapseexecutor.core.CollapseExecutorOptions;
import io.github.collapseexecutor.core.LimitProbe;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;

/**
 * Draws how the adaptive limit follows a backend whose capacity changes during a run: 200
 * platform threads call a blocking batch executor with default options in a closed loop, in front
 * of a {@link SlowBackend} of 1 ms per call that serves 8 calls at once, then 2, then 8 again.
 * Every 20 ms it samples the executor's limit and batches in flight and the mean latency of the
 * backend calls that ended meanwhile, waiting for a permit included, and writes {@code adaptive-limit.png} to the directory given as the first argument
 * (default {@code docs/benchmarks}).
 *
 * <p>Run from the repository's root after {@code ./mvnw -q -pl collapse-executor-benchmarks -am
 * -DskipTests package}, on the class path that {@code load.sh} uses.
 */
public final class LimitOverTime {

  private static final int CALLERS = 200;
  private static final int[] CAPACITIES = {8, 2, 8};
  private static final long PHASE_MILLIS = 4_000;
  private static final long SAMPLE_MILLIS = 20;

  /** One sample: the time since the start, the limit, batches in flight, capacity, latency. */
  record Sample(double seconds, int limit, int inFlight, int capacity, double latencyMillis) {}

  private LimitOverTime() {}

  public static void main(String[] args) throws Exception {
    Path out = Path.of(args.length > 0 ? args[0] : "docs/benchmarks");
    SlowBackend backend = new SlowBackend(CAPACITIES[0]);
    SlowBackendLoaders.Blocking<Integer> loader =
        SlowBackendLoaders.blocking(backend, CollapseExecutorOptions.defaults());
    LimitProbe probe = LimitProbe.of(loader);
    AtomicBoolean running = new AtomicBoolean(true);
    List<Thread> callers = startCallers(loader, running);
    List<Sample> samples = new ArrayList<>();
    long start = System.nanoTime();
    long calls = 0;
    long latency = 0;
    for (int phase = 0; phase < CAPACITIES.length; phase++) {
      backend.resize(CAPACITIES[phase]);
      long phaseEnd = start + TimeUnit.MILLISECONDS.toNanos(PHASE_MILLIS * (phase + 1));
      while (System.nanoTime() < phaseEnd) {
        LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(SAMPLE_MILLIS));
        long newCalls = backend.calls() - calls;
        long newLatency = backend.latencyNanos() - latency;
        calls += newCalls;
        latency += newLatency;
        samples.add(
            new Sample(
                (System.nanoTime() - start) / 1e9,
                probe.limit(),
                probe.inFlight(),
                CAPACITIES[phase],
                newCalls == 0 ? Double.NaN : newLatency / 1e6 / newCalls));
      }
    }
    running.set(false);
    for (Thread caller : callers) {
      caller.join();
    }
    loader.close();
    new Charts(out)
        .limitOverTime(
            "adaptive-limit.png",
            "Adaptive limit, 200 callers, backend of 1 ms serving 8, 2, then 8 calls at once",
            samples);
    Progress.line("wrote %s (%d samples)", out.resolve("adaptive-limit.png"), samples.size());
  }

  private static List<Thread> startCallers(
      SlowBackendLoaders.Blocking<Integer> loader, AtomicBoolean running) {
    List<Thread> callers = new ArrayList<>(CALLERS);
    for (int i = 0; i < CALLERS; i++) {
      Thread caller =
          new Thread(
              () -> {
                while (running.get()) {
                  loader.execute(ThreadLocalRandom.current().nextInt(1_000_000));
                }
              },
              "caller-" + i);
      caller.setDaemon(true);
      caller.start();
      callers.add(caller);
    }
    return callers;
  }
}
