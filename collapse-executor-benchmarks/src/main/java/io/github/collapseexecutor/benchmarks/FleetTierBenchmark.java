package io.github.collapseexecutor.benchmarks;

import io.github.collapseexecutor.fleet.FleetCodec;
import io.github.collapseexecutor.redis.FleetCoordinator;
import io.github.collapseexecutor.redis.FleetKey;
import io.github.collapseexecutor.redis.FleetOptions;
import io.lettuce.core.RedisURI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.UUID;
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
 * What the fleet tier adds to a call that leads its key, the one call per key and instance that
 * asks Redis: one thread calls a trivial function through {@link FleetCoordinator#call} with a key
 * no other call has, so it always leads (it claims the key's lease, runs the function, stores the
 * sealed result and tells the waiters), on the Redis of {@code redis} ({@code 127.0.0.1:6379} by
 * default). {@link #direct()} is the function alone. The difference is the tier's cost per led
 * call; the calls that join another instance's pay a wait for that call instead.
 *
 * <p>Needs a Redis: {@code redis-server --port 6379}. Mode: sample time in microseconds.
 */
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@State(Scope.Benchmark)
@Threads(1)
public class FleetTierBenchmark {

  private static final FleetCodec<String> CODEC = FleetCodec.utf8();
  private static final byte[] SECRET =
      "a fleet secret of at least 32 bytes, for the benchmark".getBytes(StandardCharsets.UTF_8);

  /** The Redis to coordinate on. */
  @Param("redis://127.0.0.1:6379")
  public String redis;

  /** The size of each result, in bytes: stored, sealed, for the waiters. */
  @Param({"100", "10000"})
  public int resultBytes;

  private FleetCoordinator coordinator;
  private String result;
  private String keyPrefix;
  private long next;

  /** Connects the coordinator, under a key prefix of its own. */
  @Setup(Level.Trial)
  public void connect() throws InterruptedException {
    keyPrefix = "collapse-bench:" + UUID.randomUUID();
    coordinator =
        FleetCoordinator.connect(
            RedisURI.create(redis),
            FleetOptions.builder(SECRET)
                .keyPrefix(keyPrefix)
                .coordinationTimeout(Duration.ofSeconds(1))
                .build());
    result = "x".repeat(resultBytes);
    // until its first probe answers, every call runs without the tier: that is not measured
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (!coordinator.stats().coordinating()) {
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException("Redis at " + redis + " does not answer");
      }
      Thread.sleep(10); // the coordinator tells no one when it starts coordinating
    }
  }

  /**
   * Closes the coordinator, having printed its counts: a call that fell back ran without the tier
   * and makes the figure meaningless. The results it stored expire on their own.
   */
  @TearDown(Level.Trial)
  public void close() {
    System.out.println("fleet tier: " + coordinator.stats());
    coordinator.close();
  }

  /** The function alone. */
  @Benchmark
  public String direct() {
    return function(next++);
  }

  /** The function through the tier, leading a key of its own. */
  @Benchmark
  public String leads() throws InterruptedException {
    long call = next++;
    return coordinator.call(FleetKey.of("bench", Long.toString(call)), CODEC, () -> function(call));
  }

  private String function(long call) {
    return call >= 0 ? result : "";
  }
}
