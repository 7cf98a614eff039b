package io.github.collapseexecutor.benchmarks;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;
import java.util.function.Function;

/**
 * A peer library set up to load values by id, for the benchmarks that compare the executors with
 * it. Benchmarks pick one by name with a {@code peer} parameter and create only that one, so that
 * no other peer's timer thread runs while it is measured.
 */
interface Peer extends AutoCloseable {

  /** Loads the value of one id, waiting for it. */
  Integer load(Integer id) throws Exception;

  /** Stops the peer's threads, if it has any. */
  @Override
  default void close() {}

  /**
   * Creates a batching peer by name: {@code hystrix10ms} and {@code hystrix1ms} (see
   * {@link HystrixPeer}), {@code dataLoader10ms} and {@code dataLoader1ms} (see
   * {@link DataLoaderPeer}). The suffix is Hystrix's collapsing window or the data loader's
   * dispatch tick; 10 ms is each library's default.
   *
   * @param name the peer's name
   * @param loadAll loads all the given ids in one call
   * @param batchExecutor where the data loader's batch loader calls {@code loadAll}
   */
  static Peer batching(
      String name, Function<List<Integer>, Map<Integer, Integer>> loadAll, Executor batchExecutor) {
    switch (name) {
      case "hystrix10ms":
        return new HystrixPeer(10, loadAll);
      case "hystrix1ms":
        return new HystrixPeer(1, loadAll);
      case "dataLoader10ms":
        return new DataLoaderPeer(Duration.ofMillis(10), loadAll, batchExecutor);
      case "dataLoader1ms":
        return new DataLoaderPeer(Duration.ofMillis(1), loadAll, batchExecutor);
      default:
        throw new IllegalArgumentException("unknown peer: " + name);
    }
  }
}
