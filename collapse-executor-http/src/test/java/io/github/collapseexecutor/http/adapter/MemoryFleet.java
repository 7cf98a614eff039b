package io.github.collapseexecutor.http.adapter;

import io.github.collapseexecutor.fleet.Fleet;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * A fleet tier in memory that behaves as the Redis tier does: the first caller of a key makes the
 * call for every instance, the others wait for its bytes at most their wait and then make their
 * own call; an interrupt of a waiting caller ends its wait.
 */
final class MemoryFleet implements Fleet {

  private final Map<List<String>, CompletableFuture<byte @Nullable []>> running =
      new ConcurrentHashMap<>();
  final List<List<String>> keys = new CopyOnWriteArrayList<>();
  final CountDownLatch waiting = new CountDownLatch(1);

  /** One permit per caller that began to wait for another instance. */
  final Semaphore waits = new Semaphore(0);

  volatile int calls;

  /** The writes told to the tier, and the stage each is given: the test completes it. */
  volatile int writes;

  final CompletableFuture<Void> counted = new CompletableFuture<>();

  @Override
  public CompletionStage<Void> written() {
    writes++;
    return counted;
  }

  @Override
  public <X extends Exception> byte @Nullable [] call(
      List<String> key, Duration maxWait, Call<X> call) throws X, InterruptedException {
    keys.add(key);
    CompletableFuture<byte @Nullable []> mine = new CompletableFuture<>();
    CompletableFuture<byte @Nullable []> other = running.putIfAbsent(key, mine);
    if (other != null) {
      waiting.countDown();
      waits.release();
      byte[] shared;
      try {
        shared = other.get(maxWait.toNanos(), TimeUnit.NANOSECONDS);
      } catch (ExecutionException | TimeoutException e) {
        shared = null;
      }
      if (shared != null) {
        return shared;
      }
      call.call();
      return null;
    }
    try {
      calls++;
      mine.complete(call.call());
      return null;
    } finally {
      mine.complete(null);
      running.remove(key, mine);
    }
  }

  @Override
  public CompletionStage<byte @Nullable []> callAsync(
      List<String> key,
      Duration maxWait,
      Supplier<? extends CompletionStage<byte @Nullable []>> call) {
    keys.add(key);
    CompletableFuture<byte @Nullable []> mine = new CompletableFuture<>();
    CompletableFuture<byte @Nullable []> other = running.putIfAbsent(key, mine);
    if (other != null) {
      waiting.countDown();
      waits.release();
      return other
          .copy()
          .completeOnTimeout(null, maxWait.toNanos(), TimeUnit.NANOSECONDS)
          .exceptionally(failure -> null)
          .thenCompose(
              shared ->
                  shared != null
                      ? CompletableFuture.completedFuture(shared)
                      : call.get().thenApply(own -> null));
    }
    calls++;
    return call.get()
        .whenComplete(
            (bytes, failure) -> {
              mine.complete(failure == null ? bytes : null);
              running.remove(key, mine);
            })
        .thenApply(own -> null);
  }
}
