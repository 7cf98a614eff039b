package io.github.collapseexecutor.testing;

import io.github.collapseexecutor.fleet.Fleet;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * A fleet tier between two instances in one JVM, without Redis: the first call of a key runs and
 * keeps what it hands to the tier; each later call of an equal key gets those bytes instead of
 * running, as if it had waited for the first. A test of what crosses between instances compares
 * what the second instance makes of those bytes with what its own call gives.
 */
public final class HandOverFleet implements Fleet {

  private final Map<List<String>, byte[]> handed = new ConcurrentHashMap<>();

  /** How many calls the tier ran have ended; guarded by this. */
  private int ended;

  @Override
  public <X extends Exception> byte @Nullable [] call(
      List<String> key, Duration maxWait, Call<X> call) throws X {
    byte[] earlier = handed.get(key);
    if (earlier != null) {
      return earlier;
    }
    try {
      byte[] own = call.call();
      if (own != null) {
        handed.put(key, own);
      }
      return null;
    } finally {
      ended();
    }
  }

  /** The call handed over is under way: younger than any limit of age. */
  @Override
  public <X extends Exception> byte @Nullable [] call(
      List<String> key, Duration maxWait, Duration maxAge, Call<X> call) throws X {
    return call(key, maxWait, call);
  }

  @Override
  public CompletionStage<byte @Nullable []> callAsync(
      List<String> key,
      Duration maxWait,
      Duration maxAge,
      Supplier<? extends CompletionStage<byte @Nullable []>> call) {
    return callAsync(key, maxWait, call);
  }

  @Override
  public CompletionStage<byte @Nullable []> callAsync(
      List<String> key,
      Duration maxWait,
      Supplier<? extends CompletionStage<byte @Nullable []>> call) {
    byte[] earlier = handed.get(key);
    if (earlier != null) {
      return CompletableFuture.completedFuture(earlier);
    }
    CompletionStage<byte @Nullable []> own;
    try {
      own = call.get();
    } catch (RuntimeException | Error e) {
      ended();
      throw e;
    }
    return own.<byte @Nullable []>thenApply(
            bytes -> {
              if (bytes != null) {
                handed.put(key, bytes);
              }
              return null;
            })
        .whenComplete((none, failure) -> ended());
  }

  private synchronized void ended() {
    ended++;
    notifyAll();
  }

  /**
   * Waits, at most 30 s, until {@code count} calls that the tier ran have ended, and handed over
   * what they had: an adapter may end its call after its caller has the response (a reactive
   * one completes the call's stage once the body is recorded), and an instance whose request
   * comes before then makes its own call, as it would before a real tier has the response.
   */
  public synchronized void awaitCallsEnded(int count) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (ended < count) {
      long left = deadline - System.nanoTime();
      if (left <= 0) {
        throw new AssertionError("calls ended: " + ended + ", expected " + count);
      }
      TimeUnit.NANOSECONDS.timedWait(this, left);
    }
  }

  /** Returns how many calls that the tier ran have ended. */
  public synchronized int callsEnded() {
    return ended;
  }

  /** Forgets every response handed over so far, and the calls that ended. */
  public synchronized void forget() {
    handed.clear();
    ended = 0;
  }

  /** Returns how many responses the calls handed to the tier. */
  public int handedOver() {
    return handed.size();
  }
}
