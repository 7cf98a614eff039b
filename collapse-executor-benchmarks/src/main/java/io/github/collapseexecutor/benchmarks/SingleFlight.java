package io.github.collapseexecutor.benchmarks;

import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The minimal hand-written single flight that same-key collapse is usually compared with: a
 * {@link ConcurrentHashMap} from key to the {@link CompletableFuture} of the run in flight. The
 * first caller for a key puts its future and runs the work on its own thread; callers that find a
 * future join it. The runner removes its entry before completing the future, so that, as with the
 * executors under test, nothing outlives the run: a caller arriving afterwards starts a new run.
 *
 * <p>It has none of the executors' guarantees (no timeouts, no cancellation, an interrupted runner
 * fails every joiner), which is why it is the floor to compare against.
 *
 * @param <K> the key type
 * @param <V> the value type
 */
final class SingleFlight<K, V> {

  private final ConcurrentHashMap<K, CompletableFuture<V>> inFlight = new ConcurrentHashMap<>();

  /** Runs {@code work} for {@code key}, or waits for the run already in flight for it. */
  V execute(K key, Callable<V> work) throws Exception {
    CompletableFuture<V> mine = new CompletableFuture<>();
    CompletableFuture<V> running = inFlight.putIfAbsent(key, mine);
    if (running != null) {
      return running.join();
    }
    try {
      V value = work.call();
      inFlight.remove(key, mine);
      mine.complete(value);
      return value;
    } catch (Throwable failure) {
      inFlight.remove(key, mine);
      mine.completeExceptionally(failure);
      throw failure;
    }
  }
}
