package io.github.collapseexecutor.benchmarks;

import io.github.collapseexecutor.core.LimitProbe;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import org.HdrHistogram.Histogram;

/**
 * {@link SlowBackendBenchmark}'s workload in interleaved rounds, for ratios that a machine whose
 * speed drifts cannot skew: 200 platform threads load one random id per call from one
 * {@link SlowBackend}, through each variant in turn for a slice of time, round after round, the
 * order rotating from round to round. Each variant's ratio to the direct call is taken within a
 * round, and the median of those ratios is reported with their spread. On a virtual machine whose
 * speed moves by a third from one minute to the next, one JMH run after another can differ by
 * twice that; slices a second long side by side cannot.
 *
 * <p>Each slice first lets the calls of the previous variant drain (half a second), then counts
 * the requests that end within it, the backend calls and the calls that found the backend full,
 * and records every request's latency. The executors keep what they learnt from one slice to
 * their next: an adaptive limit is not started over.
 *
 * <p>Arguments: the backend ({@code 8}, {@code unlimited} or {@code saturated}), the rounds
 * (default 8), the seconds measured per slice (default 1), and the variants, comma-separated
 * (default all): {@code direct}, {@code blocking} and {@code async} (default options),
 * {@code blocking-N} and {@code async-N} (a fixed limit of N batches in flight),
 * {@code dataLoader1ms} and {@code hystrix1ms} (the peers of {@link PeerBatchBenchmark}). Run on
 * the class path that {@code load.sh} uses.
 */
public final class SlowBackendRounds {

  private static final int CALLERS = 200;
  private static final long DRAIN_NANOS = TimeUnit.MILLISECONDS.toNanos(500);
  private static final String ALL =
      "direct,blocking,async,blocking-1,async-1,dataLoader1ms,hystrix1ms";

  /** One way to load an id, with what it counted. */
  private static final class Variant {
    final String name;
    final LoaderVariant.Started<Integer> loader;
    final LongAdder requests = new LongAdder();
    final Histogram latencies = new Histogram(TimeUnit.SECONDS.toMicros(60), 3);
    final List<Double> tps = new ArrayList<>();
    final List<Double> ratios = new ArrayList<>();
    long measuredRequests;
    long backendCalls;
    long backendQueued;
    double limitSum;
    long limitSamples;

    Variant(String name, LoaderVariant.Started<Integer> loader) {
      this.name = name;
      this.loader = loader;
    }
  }

  private final SlowBackend backend;
  private final List<Variant> variants = new ArrayList<>();
  private final ExecutorService peerPool =
      Executors.newCachedThreadPool(
          task -> {
            Thread thread = new Thread(task, "peer-batch");
            thread.setDaemon(true);
            return thread;
          });
  private volatile Variant current;
  private volatile boolean measuring;
  private volatile boolean running = true;

  private SlowBackendRounds(SlowBackend backend) {
    this.backend = backend;
  }

  public static void main(String[] args) throws Exception {
    System.out.print(run(args));
  }

  /** Runs the rounds that {@code args} describe and returns the table. */
  static String run(String... args) throws Exception {
    ToolArguments arguments = new ToolArguments(args);
    String backendName = arguments.text(0, "8");
    int rounds = arguments.positiveInt(1, "rounds", 8);
    double sliceSeconds = arguments.positive(2, "seconds per slice", 1);
    String names = arguments.text(3, ALL);
    SlowBackendRounds run = new SlowBackendRounds(SlowBackend.named(backendName));
    try {
      for (String name : names.split(",")) {
        run.variants.add(run.variant(name.trim()));
      }
      if (run.variants.stream().noneMatch(variant -> variant.name.equals("direct"))) {
        throw new IllegalArgumentException(
            "the variants must include direct, the baseline: " + names);
      }
      run.measure(rounds, (long) (sliceSeconds * 1e9));
      return run.table(backendName, rounds, sliceSeconds);
    } finally {
      run.close();
    }
  }

  private Variant variant(String name) {
    if (name.equals("direct")) {
      return new Variant(name, LoaderVariant.started(backend::loadOne, null, () -> {}));
    }
    if (LoaderVariant.isLoader(name)) {
      return new Variant(name, LoaderVariant.parse(name).start(backend, SlowBackendLoaders.IDS));
    }
    Peer peer = Peer.batching(name, backend::loadAll, peerPool);
    return new Variant(
        name,
        LoaderVariant.started(
            id -> {
              try {
                return peer.load(id);
              } catch (Exception e) {
                throw new IllegalStateException(e);
              }
            },
            null,
            peer::close));
  }

  private void measure(int rounds, long sliceNanos) throws InterruptedException {
    List<Thread> callers = startCallers();
    for (int round = 0; round < rounds; round++) {
      double directTps = Double.NaN;
      double[] roundTps = new double[variants.size()];
      for (int i = 0; i < variants.size(); i++) {
        int index = (i + round) % variants.size();
        Variant variant = variants.get(index);
        roundTps[index] = slice(variant, sliceNanos);
      }
      for (int i = 0; i < variants.size(); i++) {
        if (variants.get(i).name.equals("direct")) {
          directTps = roundTps[i];
        }
      }
      for (int i = 0; i < variants.size(); i++) {
        variants.get(i).tps.add(roundTps[i]);
        variants.get(i).ratios.add(roundTps[i] / directTps);
      }
      System.out.printf(Locale.ROOT, "round %d of %d done%n", round + 1, rounds);
    }
    running = false;
    current = null;
    for (Thread caller : callers) {
      caller.join(TimeUnit.SECONDS.toMillis(30));
    }
  }

  /** Runs one variant for one slice; returns its requests per second. */
  private double slice(Variant variant, long sliceNanos) {
    measuring = false;
    current = variant;
    LockSupport.parkNanos(DRAIN_NANOS);
    long requests = variant.requests.sum();
    long calls = backend.calls();
    long queued = backend.queued();
    long start = System.nanoTime();
    measuring = true;
    long end = start + sliceNanos;
    long now;
    while ((now = System.nanoTime()) < end) {
      LockSupport.parkNanos(Math.min(end - now, TimeUnit.MICROSECONDS.toNanos(500)));
      LimitProbe probe = variant.loader.probe();
      if (probe != null) {
        variant.limitSum += probe.limit();
        variant.limitSamples++;
      }
    }
    measuring = false;
    double seconds = (System.nanoTime() - start) / 1e9;
    long done = variant.requests.sum() - requests;
    variant.measuredRequests += done;
    variant.backendCalls += backend.calls() - calls;
    variant.backendQueued += backend.queued() - queued;
    return done / seconds;
  }

  private List<Thread> startCallers() {
    List<Thread> callers = new ArrayList<>();
    for (int i = 0; i < CALLERS; i++) {
      Thread caller = new Thread(this::callRepeatedly, "caller-" + i);
      caller.setDaemon(true);
      caller.start();
      callers.add(caller);
    }
    return callers;
  }

  private void callRepeatedly() {
    while (running) {
      Variant variant = current;
      if (variant == null) {
        LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
        continue;
      }
      long begin = System.nanoTime();
      try {
        variant.loader.load(ThreadLocalRandom.current().nextInt(1_000_000));
      } catch (Exception e) {
        throw new IllegalStateException(variant.name + " failed", e);
      }
      if (measuring && current == variant) {
        variant.requests.increment();
        synchronized (variant.latencies) {
          variant.latencies.recordValue((System.nanoTime() - begin) / 1_000);
        }
      }
    }
  }

  private String table(String backendName, int rounds, double sliceSeconds) {
    StringBuilder table = new StringBuilder();
    table.append(
        String.format(
            Locale.ROOT,
            "%n%d callers, backend %s, %d rounds of %.1f s slices%n",
            CALLERS,
            backendName,
            rounds,
            sliceSeconds));
    table.append(
        String.format(
            Locale.ROOT,
            "%-16s %12s %10s %18s %10s %10s %8s %8s %7s%n",
            "variant",
            "requests/s",
            "vs direct",
            "ratio range",
            "calls/1000",
            "queued/1000",
            "p50 ms",
            "p99 ms",
            "limit"));
    for (Variant variant : variants) {
      double[] ratios = variant.ratios.stream().mapToDouble(Double::doubleValue).sorted().toArray();
      double[] tps = variant.tps.stream().mapToDouble(Double::doubleValue).sorted().toArray();
      table.append(
          String.format(
              Locale.ROOT,
              "%-16s %12.0f %9.2fx %8.2fx to %.2fx %10.1f %10.1f %8.2f %8.2f %7s%n",
              variant.name,
              median(tps),
              median(ratios),
              ratios[0],
              ratios[ratios.length - 1],
              variant.measuredRequests == 0
                  ? 0
                  : 1000.0 * variant.backendCalls / variant.measuredRequests,
              variant.backendCalls == 0 ? 0 : 1000.0 * variant.backendQueued / variant.backendCalls,
              variant.latencies.getValueAtPercentile(50) / 1000.0,
              variant.latencies.getValueAtPercentile(99) / 1000.0,
              variant.limitSamples == 0
                  ? ""
                  : String.format(Locale.ROOT, "%.2f", variant.limitSum / variant.limitSamples)));
    }
    return table.toString();
  }

  private static double median(double[] sorted) {
    int n = sorted.length;
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  }

  private void close() {
    for (Variant variant : variants) {
      variant.loader.close();
    }
    peerPool.shutdown();
  }
}
