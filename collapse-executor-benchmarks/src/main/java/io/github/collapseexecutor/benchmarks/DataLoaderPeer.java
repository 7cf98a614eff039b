package io.github.collapseexecutor.benchmarks;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.Function;
import org.dataloader.DataLoader;
import org.dataloader.DataLoaderFactory;
import org.dataloader.DataLoaderOptions;
import org.dataloader.registries.DispatchPredicate;
import org.dataloader.registries.ScheduledDataLoaderRegistry;

/**
 * java-dataloader's {@link DataLoader} as a peer: {@link #load} queues an id, and a
 * {@link ScheduledDataLoaderRegistry} in ticker mode dispatches whatever has queued once per tick,
 * as one call of a mapped batch loader.
 *
 * <p>A data loader never dispatches by itself; in GraphQL the engine calls {@code dispatch()} at
 * the end of each level of a query. With independent concurrent callers there is no such moment,
 * so something must dispatch on a clock. The ticker-mode registry is the library's own answer to
 * that (it keeps rescheduling itself after the first {@code dispatchAll()}), so it is used here
 * rather than a hand-written thread; it ticks on one daemon thread, with the default predicate
 * (dispatch whenever something is queued). The tick is a parameter: the registry's default is
 * 10 ms, and 1 ms is the smallest its millisecond scheduling allows, the same as the tuned Hystrix
 * window.
 *
 * <p>Options, otherwise the defaults: caching off, because the executors under test cache nothing
 * and a cache would answer repeated ids without the backend (and grow without bound); no batch size
 * limit. The batch loader runs the backend call on the executor given, as the library asks of
 * batch loaders that do I/O, so that the ticking thread never waits for the backend: the
 * benchmarks give it a cached thread pool for the 1 ms backend, and a calling-thread executor for
 * trivial work.
 */
final class DataLoaderPeer implements Peer {

  private final ScheduledExecutorService ticker;
  private final ScheduledDataLoaderRegistry registry;
  private final DataLoader<Integer, Integer> loader;

  /**
   * Creates a data loader and starts its ticking registry.
   *
   * @param tick how often the registry dispatches
   * @param loadAll loads all the given ids in one call
   * @param batchExecutor where the batch loader calls {@code loadAll}
   */
  DataLoaderPeer(
      Duration tick,
      Function<List<Integer>, Map<Integer, Integer>> loadAll,
      Executor batchExecutor) {
    this.ticker =
        Executors.newSingleThreadScheduledExecutor(
            task -> {
              Thread thread = new Thread(task, "dataloader-ticker");
              thread.setDaemon(true);
              return thread;
            });
    this.loader =
        DataLoaderFactory.newMappedDataLoader(
            ids ->
                CompletableFuture.supplyAsync(
                    () -> loadAll.apply(new ArrayList<>(ids)), batchExecutor),
            DataLoaderOptions.newOptions().setCachingEnabled(false).build());
    this.registry =
        ScheduledDataLoaderRegistry.newScheduledRegistry()
            .register("peer", loader)
            .scheduledExecutorService(ticker)
            .schedule(tick)
            .dispatchPredicate(DispatchPredicate.DISPATCH_ALWAYS)
            .tickerMode(true)
            .build();
    registry.dispatchAll();
  }

  /** Queues one id for the next tick and waits for its value. */
  @Override
  public Integer load(Integer id) {
    return loader.load(id).join();
  }

  /** Stops the ticking. */
  @Override
  public void close() {
    registry.close();
    ticker.shutdownNow();
  }
}
