package io.github.collapseexecutor.redis;

import io.github.collapseexecutor.fleet.FleetCodec;
import io.github.collapseexecutor.fleet.FleetStats.FallbackReason;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * The calls of a caller that must not block ({@link FleetCoordinator#callAsync}): Redis is asked,
 * and another instance waited for, without holding a thread; this instance's own call starts on
 * whichever thread the coordination ends on.
 */
final class AsyncCalls {

  private final Coordination fleet;

  AsyncCalls(Coordination fleet) {
    this.fleet = fleet;
  }

  // the claim's handler returns the future of what comes next, composed below, as Java 17 has no
  // handleCompose; and a release that fails is sent again (UnendedLeases): nothing waits for it
  @SuppressWarnings("FutureReturnValueIgnored")
  <T> CompletableFuture<T> call(
      FleetKey key,
      FleetCodec<T> codec,
      long maxWaitNanos,
      long maxAgeNanos,
      Supplier<? extends CompletionStage<T>> call) {
    fleet.counters.asked();
    String digest = fleet.secret.digest(key);
    if (!fleet.coordinates(digest)) {
      fleet.counters.countFellBack(FallbackReason.TIER_DOWN);
      return start(call);
    }
    String token = fleet.token();
    long asked = System.nanoTime();
    return fleet
        .link
        .claim(digest, token, fleet.leaseMillis, fleet.timeoutNanos)
        .handle(
            (claim, failure) -> {
              if (failure != null) {
                // the claim may still run after its timeout: free the key again behind it
                fleet.link.release(digest, token);
                fleet.fellBack(digest, fleet.link.unavailable(failure));
                return start(call);
              }
              fleet.health.commandAnswered();
              if (!claim.led()
                  && fleet.startedBefore(claim, System.nanoTime() - asked, maxAgeNanos)) {
                fleet.counters.overtaken.increment();
                return start(call);
              }
              return claim.led()
                  ? lead(digest, token, asked, codec, call)
                  : awaitShared(digest, claim, codec, maxWaitNanos)
                      .thenCompose(
                          shared ->
                              shared != null
                                  ? CompletableFuture.completedFuture(shared)
                                  : start(call));
            })
        .thenCompose(result -> result);
  }

  /** Starts this instance's own call; a call that throws as it starts fails its future. */
  private static <T> CompletableFuture<T> start(Supplier<? extends CompletionStage<T>> call) {
    try {
      return call.get().toCompletableFuture();
    } catch (RuntimeException | Error failure) {
      return CompletableFuture.failedFuture(failure);
    }
  }

  // each handler returns the future of what comes next, composed below, as Java 17 has no
  // handleCompose
  @SuppressWarnings("FutureReturnValueIgnored")
  private <T> CompletableFuture<T> lead(
      String digest,
      String token,
      long asked,
      FleetCodec<T> codec,
      Supplier<? extends CompletionStage<T>> call) {
    fleet.counters.led.increment();
    CompletableFuture<T> own = start(call);
    // as the blocking lead: the caller has its result once the end of the call reached Redis,
    // or the coordination timeout passed
    return own.handle(
            (result, failure) -> {
              byte[] value =
                  failure != null ? null : fleet.values.seal(result, codec, digest, token);
              return value == null
                  ? fleet.link.release(digest, token)
                  : fleet.link.finish(digest, token, value, fleet.resultTtlMillis);
            })
        .thenCompose(
            sent ->
                sent.handle(
                    (finished, late) -> {
                      if (late != null) {
                        fleet.commandFailed(digest, fleet.link.unavailable(late).fault());
                      } else {
                        fleet.noteFinished(finished, asked);
                      }
                      return own;
                    }))
        .thenCompose(result -> result);
  }

  /**
   * Waits, without blocking, for the call that {@code claim}'s holder makes: the future completes
   * with its result, or {@code null} if this caller makes its own call, counted by why.
   */
  private <T> CompletableFuture<@Nullable T> awaitShared(
      String digest, Claim claim, FleetCodec<T> codec, long maxWaitNanos) {
    fleet.beforeWatch.run();
    Publications.Watch watch = fleet.publications.watch(digest, claim.holder());
    if (!fleet.coordinates(digest)) {
      watch.close();
      fleet.counters.countFellBack(FallbackReason.TIER_DOWN);
      return CompletableFuture.completedFuture(null);
    }
    // the result may have landed before the watch began: look once before waiting
    return fleet
        .link
        .resultOnceListening(watch, digest, claim.holder())
        .thenCompose(
            value ->
                value != null
                    ? CompletableFuture.completedFuture(
                        new Waited(value, Publications.Signal.STORED))
                    : watch
                        .end(fleet.waitNanos(claim, maxWaitNanos))
                        .thenCompose(
                            signal ->
                                Coordination.mayHaveResult(signal)
                                    ? fleet
                                        .link
                                        .result(digest, claim.holder(), fleet.timeoutNanos)
                                        .thenApply(stored -> new Waited(stored, signal))
                                    : CompletableFuture.completedFuture(new Waited(null, signal))))
        .handle(
            (waited, failure) -> {
              watch.close();
              if (failure != null) {
                fleet.fellBack(digest, fleet.link.unavailable(failure));
                return null;
              }
              T result =
                  waited.value() == null
                      ? null
                      : fleet.values.open(waited.value(), codec, digest, claim.holder());
              if (result != null) {
                fleet.joined(claim);
              } else {
                fleet.countFellShort(waited.signal());
              }
              return result;
            });
  }

  /** What a wait for another instance found: its stored value, and how the wait ended. */
  @SuppressWarnings("ArrayRecordComponent") // the bytes as Redis held them, never compared
  private record Waited(byte @Nullable [] value, Publications.@Nullable Signal signal) {}
}
