package io.github.collapseexecutor.benchmarks;

import io.github.collapseexecutor.core.BlockingCallableGroupCollapseExecutor;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.infra.ThreadParams;

/**
 * Same-key collapse of a hot key: 200 threads all ask for the same key, whose callable waits 1 ms
 * (parked, as {@link SlowBackend} does, with no limit on concurrent runs) and returns a value. The
 * baseline calls the callable directly on every thread; {@link #collapsed} goes through one
 * {@link BlockingCallableGroupCollapseExecutor}, so a caller that arrives while a run is in flight
 * waits for it instead of running its own.
 *
 * <p>Mode: sample time in microseconds; throughput is threads / mean time (Little's law).
 * {@link Counters} reports calls and callable runs per iteration; divide for runs per 1000 calls.
 */
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@State(Scope.Benchmark)
@Threads(200)
public class SameKeyBenchmark {

  private static final String KEY = "hot-key";

  final LongAdder runs = new LongAdder();
  private final Callable<Integer> work =
      () -> {
        runs.increment();
        SlowBackend.waitOneCall();
        return 42;
      };
  private BlockingCallableGroupCollapseExecutor executor;

  /** Creates the executor. */
  @Setup(Level.Trial)
  public void setUp() {
    executor = new BlockingCallableGroupCollapseExecutor();
  }

  /** Closes the executor. */
  @TearDown(Level.Trial)
  public void tearDown() {
    executor.close();
  }

  /** Baseline: every caller runs the callable itself. */
  @Benchmark
  public Integer direct(Counters counters) throws Exception {
    counters.calls++;
    return work.call();
  }

  /** Callers share the run in flight for the key. */
  @Benchmark
  public Integer collapsed(Counters counters) {
    counters.calls++;
    return executor.execute(KEY, work);
  }

  /**
   * Calls made and callable runs per iteration. Calls are counted by each thread; runs are read
   * from the shared counter and reported by thread 0 alone, so that the sum over threads counts
   * them once.
   */
  @State(Scope.Thread)
  @AuxCounters(AuxCounters.Type.EVENTS)
  public static class Counters {

    /** Calls made by this thread in the iteration. */
    public long calls;

    private SharedCount runs;

    /** Resets the counts at the start of an iteration. */
    @Setup(Level.Iteration)
    public void start(ThreadParams thread, SameKeyBenchmark benchmark) {
      calls = 0;
      runs = SharedCount.start(thread, benchmark.runs::sum);
    }

    /** Callable runs in the iteration, reported by thread 0 only. */
    public long runs() {
      return runs.sinceStart();
    }
  }
}
