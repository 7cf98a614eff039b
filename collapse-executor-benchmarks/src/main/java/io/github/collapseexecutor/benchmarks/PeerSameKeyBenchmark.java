package io.github.collapseexecutor.benchmarks;

import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;

/**
 * The peer of same-key collapse on {@link SameKeyBenchmark}'s workload: every benchmark thread asks
 * for one hot key, whose callable waits 1 ms (parked, as {@link SlowBackend} does) and returns a
 * value, through a hand-written {@code ConcurrentHashMap<K, CompletableFuture<V>>} single flight
 * (see {@link SingleFlight}): the least code that collapses the way
 * {@code BlockingCallableGroupCollapseExecutor} does; or through Caffeine's {@code AsyncCache} used
 * as a coalescer (see {@link CaffeineCoalescer}), the same single flight on Caffeine's map. In
 * both, the first caller runs the callable on its own thread, later callers join its future, and
 * the key is free again when the run ends; nothing is cached.
 *
 * <p>The baseline and the executor under test are {@link SameKeyBenchmark}'s {@code direct} and
 * {@code collapsed}: run them in the same command. This class takes that benchmark's state for its
 * run counter and its {@link SameKeyBenchmark.Counters} (calls and callable runs per iteration), so
 * that all three are counted the same way.
 *
 * <p>Run with {@code -t} set to the number of concurrent callers (200 unless told). Mode: sample
 * time in microseconds; throughput is threads / mean time (Little's law).
 */
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@State(Scope.Benchmark)
@Threads(200)
public class PeerSameKeyBenchmark {

  private static final String KEY = "hot-key";

  private final SingleFlight<String, Integer> singleFlight = new SingleFlight<>();
  private final CaffeineCoalescer<String, Integer> caffeine = new CaffeineCoalescer<>();
  private Callable<Integer> work;

  /** Builds the callable once, counting its runs where {@link SameKeyBenchmark} counts its own. */
  @Setup(Level.Trial)
  public void setUp(SameKeyBenchmark sameKey) {
    work =
        () -> {
          sameKey.runs.increment();
          SlowBackend.waitOneCall();
          return 42;
        };
  }

  /** Callers share the run in flight through the hand-written single flight. */
  @Benchmark
  public Integer singleFlight(SameKeyBenchmark.Counters counters) throws Exception {
    counters.calls++;
    return singleFlight.execute(KEY, work);
  }

  /** Callers share the run in flight through Caffeine's {@code AsyncCache}. */
  @Benchmark
  public Integer caffeine(SameKeyBenchmark.Counters counters) throws Exception {
    counters.calls++;
    return caffeine.execute(KEY, work);
  }
}
