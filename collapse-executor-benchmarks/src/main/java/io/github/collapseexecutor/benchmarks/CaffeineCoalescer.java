package io.github.collapseexecutor.benchmarks;

import com.github.benmanes.caffeine.cache.AsyncCache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;

/**
 * Caffeine's {@link AsyncCache} used as a coalescer of calls in flight, in place of a collapsing
 * library: the cache maps a key to the {@link CompletableFuture} of the run in flight, and
 * concurrent callers for that key share it.
 *
 * <p>The first caller's future enters the cache through {@link AsyncCache#get(Object,
 * java.util.function.BiFunction)}, whose mapping function only hands that future over: a run inside
 * it would hold the cache's lock on the key for the whole call. The caller that finds its own
 * future there runs the work on its own thread; the others join the future they got. Running on
 * the caller's thread, not on Caffeine's executor, leaves {@link SingleFlight} and this class
 * differing only in the map, and spares this one a hand-off to a pool that the executors under
 * test do not pay either.
 *
 * <p>It is a fair peer because it caches nothing: the runner takes its entry out
 * ({@code asMap().remove(key, future)}) as the run ends, before completing the future, so a caller
 * arriving once the value is known starts a new run, as with the executors, which keep no result.
 * The cache is unbounded, with no expiry and no statistics, Caffeine's cheapest configuration;
 * bounds or expiry would only matter to entries kept after their run. Like {@link SingleFlight} it
 * has no timeouts and no cancellation, and an interrupted runner fails every joiner.
 *
 * @param <K> the key type
 * @param <V> the value type
 */
final class CaffeineCoalescer<K, V> {

  private final AsyncCache<K, V> inFlight = Caffeine.newBuilder().buildAsync();

  /** Runs {@code work} for {@code key}, or waits for the run already in flight for it. */
  V execute(K key, Callable<V> work) throws Exception {
    CompletableFuture<V> mine = new CompletableFuture<>();
    CompletableFuture<V> shared = inFlight.get(key, (unused, executor) -> mine);
    if (shared != mine) {
      return shared.join();
    }
    V value;
    try {
      value = work.call();
    } catch (Throwable failure) {
      inFlight.asMap().remove(key, mine);
      mine.completeExceptionally(failure);
      throw failure;
    }
    inFlight.asMap().remove(key, mine);
    mine.complete(value);
    return value;
  }
}
