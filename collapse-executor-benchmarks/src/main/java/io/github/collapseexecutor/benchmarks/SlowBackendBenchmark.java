package io.github.collapseexecutor.benchmarks;

import io.github.collapseexecutor.core.CollapseExecutorAsyncSupport;
import io.github.collapseexecutor.core.CollapseExecutorBlockingSupport;
import io.github.collapseexecutor.core.CollapseExecutorOptions;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.infra.ThreadParams;

/**
 * Batch collapse in front of a slow backend. Each benchmark thread loads one random id per call
 * from a {@link SlowBackend} whose every call costs 1 ms whatever its size, either directly (one
 * backend call per request, the baseline) or through a batch executor whose {@code doExecute} loads
 * all the ids of its batch in one backend call.
 *
 * <p>Parameters:
 * <ul>
 *   <li>{@code backendLimit}: {@code 8} allows at most 8 backend calls in flight (a fair semaphore
 *       inside the backend, as a connection pool would); {@code unlimited} allows any number;
 *       {@code saturated} allows any number but makes each call take 1 ms per call in flight.</li>
 *   <li>{@code maxConcurrentBatches}: {@code default} leaves the options at their defaults (an
 *       adaptive limit); a number or {@code max} ({@link Integer#MAX_VALUE}) sets a fixed limit,
 *       {@code 1} being the default before the limit adapted. The direct baseline ignores it.</li>
 *   <li>{@code collectingWaitTime}: {@code default}, or {@code none} for no collecting wait.</li>
 * </ul>
 * Run with {@code -t} set to the number of concurrent callers.
 *
 * <p>Mode: sample time in microseconds, for the latency percentiles; the throughput follows from
 * the mean by Little's law (threads / mean time), since every thread always has one call in
 * progress. {@link Counters} reports how many requests and backend calls each iteration made.
 */
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@State(Scope.Benchmark)
@Threads(4)
public class SlowBackendBenchmark {

  /** At most 8 backend calls in flight, no limit, or saturated: see {@link SlowBackend}. */
  @Param({"8", "unlimited", "saturated"})
  public String backendLimit;

  /**
   * The executors' batches in flight: {@code default} (the options' default, an adaptive limit),
   * or a fixed limit: a number, or {@code max}.
   */
  @Param({"default", "1", "2", "4", "8", "max"})
  public String maxConcurrentBatches;

  /**
   * The executors' {@code collectingWaitTime}: {@code default} (the options' default, which is no
   * wait) or {@code none} ({@link CollapseExecutorOptions#NO_WAIT}, set explicitly).
   */
  @Param({"default", "none"})
  public String collectingWaitTime;

  SlowBackend backend;
  private SlowBackendLoaders.Blocking<Integer> blocking;
  private SlowBackendLoaders.Async<Integer> async;
  private SlowBackendLoaders.Async<Integer> asyncOnCachedPool;
  private ExecutorService cachedPool;

  /** Creates the backend and both executors with the options under test. */
  @Setup(Level.Trial)
  public void setUp() {
    backend = SlowBackend.named(backendLimit);
    CollapseExecutorOptions options = options(maxConcurrentBatches, collectingWaitTime);
    blocking = SlowBackendLoaders.blocking(backend, options);
    async = SlowBackendLoaders.async(backend, options);
    cachedPool =
        Executors.newCachedThreadPool(
            task -> {
              Thread thread = new Thread(task, "cached-pool");
              thread.setDaemon(true);
              return thread;
            });
    asyncOnCachedPool =
        SlowBackendLoaders.async(backend, options.toBuilder().executor(cachedPool).build());
  }

  /** Closes the executors. */
  @TearDown(Level.Trial)
  public void tearDown() {
    blocking.close();
    async.close();
    asyncOnCachedPool.close();
    cachedPool.shutdown();
  }

  static CollapseExecutorOptions options(String maxConcurrentBatches, String collectingWaitTime) {
    CollapseExecutorOptions.Builder options = CollapseExecutorOptions.builder();
    if ("max".equals(maxConcurrentBatches)) {
      options.maxConcurrentBatches(Integer.MAX_VALUE).adaptiveConcurrency(false);
    } else if (!"default".equals(maxConcurrentBatches)) {
      options
          .maxConcurrentBatches(Integer.parseInt(maxConcurrentBatches))
          .adaptiveConcurrency(false);
    }
    if ("none".equals(collectingWaitTime)) {
      options.collectingWaitTime(CollapseExecutorOptions.NO_WAIT);
    }
    return options.build();
  }

  /** Baseline: one backend call for this caller's id. */
  @Benchmark
  public Integer direct(Counters counters) {
    counters.requests++;
    return backend.loadOne(nextId());
  }

  /** Through a {@link CollapseExecutorBlockingSupport}: batches run on callers' threads. */
  @Benchmark
  public Integer blockingBatch(Counters counters) {
    counters.requests++;
    return blocking.execute(nextId());
  }

  /** Through a {@link CollapseExecutorAsyncSupport} on its own pool, joined by the caller. */
  @Benchmark
  public Integer asyncBatch(Counters counters) {
    counters.requests++;
    return async.execute(nextId()).join();
  }

  /**
   * Through the same {@link CollapseExecutorAsyncSupport} given a cached pool in its options,
   * instead of its own pool: isolates what the executor's own pool costs.
   */
  @Benchmark
  public Integer asyncBatchOnCachedPool(Counters counters) {
    counters.requests++;
    return asyncOnCachedPool.execute(nextId()).join();
  }

  private static Integer nextId() {
    return ThreadLocalRandom.current().nextInt(1_000_000);
  }

  /**
   * Requests made and backend calls spent per iteration. Requests are counted by each thread;
   * backend calls and the items they carried are read from the backend and reported by thread 0
   * alone, so that the sum over threads counts them once. Divide to get backend calls per 1000
   * requests ({@code 1000 * backendCalls / requests}) and the mean batch size
   * ({@code backendItems / backendCalls}); {@code backendBusyMicros / backendCalls} is what one
   * backend call really cost.
   */
  @State(Scope.Thread)
  @AuxCounters(AuxCounters.Type.EVENTS)
  public static class Counters {

    /** Calls made by this thread in the iteration. */
    public long requests;

    private SharedCount calls;
    private SharedCount items;
    private SharedCount queued;
    private SharedCount busyNanos;

    /** Resets the counts at the start of an iteration. */
    @Setup(Level.Iteration)
    public void start(ThreadParams thread, SlowBackendBenchmark benchmark) {
      requests = 0;
      SlowBackend backend = benchmark.backend;
      calls = SharedCount.start(thread, backend::calls);
      items = SharedCount.start(thread, backend::items);
      queued = SharedCount.start(thread, backend::queued);
      busyNanos = SharedCount.start(thread, backend::busyNanos);
    }

    /** Backend calls made in the iteration, reported by thread 0 only. */
    public long backendCalls() {
      return calls.sinceStart();
    }

    /** Items carried by those backend calls, reported by thread 0 only. */
    public long backendItems() {
      return items.sinceStart();
    }

    /**
     * Backend calls that waited for a permit because the backend already served all it can,
     * reported by thread 0 only.
     */
    public long backendQueued() {
      return queued.sinceStart();
    }

    /** Microseconds spent inside those backend calls, reported by thread 0 only. */
    public long backendBusyMicros() {
      return busyNanos.sinceStart() / 1000;
    }
  }
}
