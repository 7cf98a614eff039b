package io.github.collapseexecutor.testing;

import io.github.collapseexecutor.fleet.Fleet;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
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

  @Override
  public <X extends Exception> byte @Nullable [] call(List<String> key, Duration maxWait,
      Call<X> call) throws X {
    byte[] earlier = handed.get(key);
    if (earlier != null) {
      return earlier;
    }
    byte[] own = call.call();
    if (own != null) {
      handed.put(key, own);
    }
    return null;
  }

  /** The call handed over is under way: younger than any limit of age. */
  @Override
  public <X extends Exception> byte @Nullable [] call(List<String> key, Duration maxWait,
      Duration maxAge, Call<X> call) throws X {
    return call(key, maxWait, call);
  }

  @Override
  public CompletionStage<byte @Nullable []> callAsync(List<String> key, Duration maxWait,
      Duration maxAge, Supplier<? extends CompletionStage<byte @Nullable []>> call) {
    return callAsync(key, maxWait, call);
  }

  @Override
  public CompletionStage<byte @Nullable []> callAsync(List<String> key, Duration maxWait,
      Supplier<? extends CompletionStage<byte @Nullable []>> call) {
    byte[] earlier = handed.get(key);
    if (earlier != null) {
      return CompletableFuture.completedFuture(earlier);
    }
    return call.get().thenApply(own -> {
      if (own != null) {
        handed.put(key, own);
      }
      return null;
    });
  }

  /** Forgets every response handed over so far. */
  public void forget() {
    handed.clear();
  }

  /** Returns how many responses the calls handed to the tier. */
  public int handedOver() {
    return handed.size();
  }
}
