package io.github.collapseexecutor.benchmarks;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
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
 * What each peer adds to a call when nothing else is going on, on {@link UncontendedBenchmark}'s
 * workload: one thread computes the trivial function {@code x + 1} of one id through a peer. The
 * baseline and the executors under test are {@link UncontendedBenchmark}'s methods: run them in the
 * same command.
 *
 * <p>{@code peer} picks:
 * <ul>
 *   <li>{@code hystrix10ms}, {@code hystrix1ms}: Hystrix's collapser (see {@link HystrixPeer}),
 *       whose batch command computes the function of each id on Hystrix's thread pool. A lone call
 *       waits for the window to close, so the window is the bulk of its latency.</li>
 *   <li>{@code dataLoader10ms}, {@code dataLoader1ms}: java-dataloader dispatched by a ticking
 *       registry (see {@link DataLoaderPeer}). The batch loader computes in place on the ticking
 *       thread, as the library suggests for values that need no I/O; a lone call waits for the
 *       next tick.</li>
 *   <li>{@code singleFlight}: the hand-written {@code ConcurrentHashMap} single flight (see
 *       {@link SingleFlight}), with a callable built once, the peer of
 *       {@link UncontendedBenchmark}'s {@code blockingGroup}.</li>
 *   <li>{@code caffeine}: Caffeine's {@code AsyncCache} used as a coalescer (see
 *       {@link CaffeineCoalescer}), with the same callable: the same single flight on Caffeine's
 *       map.</li>
 * </ul>
 *
 * <p>Mode: sample time in nanoseconds, for the median; run with {@code -prof gc} for the bytes
 * allocated per call (every thread's, so the peers' timer and pool threads count).
 */
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Benchmark)
@Threads(1)
public class PeerUncontendedBenchmark {

  private static final Integer KEY = 42;

  /** The peer: see the class description. */
  @Param({
    "hystrix10ms",
    "hystrix1ms",
    "dataLoader10ms",
    "dataLoader1ms",
    "singleFlight",
    "caffeine"
  })
  public String peer;

  private Peer loader;

  /** Creates the peer. */
  @Setup(Level.Trial)
  public void setUp() {
    Callable<Integer> work = () -> UncontendedBenchmark.function(KEY);
    if ("singleFlight".equals(peer)) {
      SingleFlight<Integer, Integer> singleFlight = new SingleFlight<>();
      loader = id -> singleFlight.execute(id, work);
    } else if ("caffeine".equals(peer)) {
      CaffeineCoalescer<Integer, Integer> caffeine = new CaffeineCoalescer<>();
      loader = id -> caffeine.execute(id, work);
    } else {
      loader = Peer.batching(peer, PeerUncontendedBenchmark::functionOfAll, Runnable::run);
    }
  }

  /** Stops the peer's threads. */
  @TearDown(Level.Trial)
  public void tearDown() {
    loader.close();
  }

  /** The function of one id through the peer. */
  @Benchmark
  public Integer load() throws Exception {
    return loader.load(KEY);
  }

  private static Map<Integer, Integer> functionOfAll(List<Integer> ids) {
    Map<Integer, Integer> values = new HashMap<>(ids.size() * 2);
    for (Integer id : ids) {
      values.put(id, UncontendedBenchmark.function(id));
    }
    return values;
  }
}
