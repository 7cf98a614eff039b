package io.github.collapseexecutor.benchmarks;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
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

/**
 * The peers of batch collapse on {@link SlowBackendBenchmark}'s workload: each benchmark thread
 * loads one random id per call from the same {@link SlowBackend} (1 ms per call whatever its size;
 * at most 8 calls in flight, or no limit) and waits for its value, through a peer library that
 * loads a whole batch in one backend call. The baseline and the executors under test are
 * {@link SlowBackendBenchmark}'s {@code direct}, {@code blockingBatch} and {@code asyncBatch}: run
 * them in the same command, with its {@code maxConcurrentBatches} and {@code collectingWaitTime}
 * pinned to {@code default}. This class takes that benchmark's state for the backend, its
 * {@code backendLimit} parameter and its {@link SlowBackendBenchmark.Counters} (requests, backend
 * calls and items per iteration), so that every variant is measured and counted the same way.
 *
 * <p>{@code peer} picks the library and its window: {@code hystrix10ms} and {@code hystrix1ms},
 * Hystrix's collapser with its default 10 ms window and with 1 ms (see {@link HystrixPeer});
 * {@code dataLoader10ms} and {@code dataLoader1ms}, java-dataloader dispatched by a ticking
 * registry every 10 ms (its default) or 1 ms, its batch loader calling the backend on a cached
 * thread pool (see {@link DataLoaderPeer}). Each is set up as its documentation describes batching
 * across concurrent callers; none caches, and every caller gets its own value.
 *
 * <p>Run with {@code -t} set to the number of concurrent callers. Mode: sample time in
 * microseconds, for the percentiles; throughput is threads / mean time (Little's law), since every
 * thread always has one call in progress. Run with {@code -prof gc} for the bytes allocated per
 * request; JMH counts every thread's allocation, so the peers' timer and pool threads are included.
 */
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@State(Scope.Benchmark)
@Threads(16)
public class PeerBatchBenchmark {

  /** The peer and its window: see the class description. */
  @Param({"hystrix10ms", "hystrix1ms", "dataLoader10ms", "dataLoader1ms"})
  public String peer;

  private ExecutorService batchPool;
  private Peer loader;

  /** Creates the peer on the backend of {@link SlowBackendBenchmark}'s state. */
  @Setup(Level.Trial)
  public void setUp(SlowBackendBenchmark slowBackend) {
    batchPool =
        Executors.newCachedThreadPool(
            task -> {
              Thread thread = new Thread(task, "peer-batch");
              thread.setDaemon(true);
              return thread;
            });
    loader = Peer.batching(peer, slowBackend.backend::loadAll, batchPool);
  }

  /** Stops the peer's threads. */
  @TearDown(Level.Trial)
  public void tearDown() {
    loader.close();
    batchPool.shutdown();
  }

  /** Loads one random id through the peer. */
  @Benchmark
  public Integer load(SlowBackendBenchmark.Counters counters) throws Exception {
    counters.requests++;
    return loader.load(ThreadLocalRandom.current().nextInt(1_000_000));
  }
}
