package io.github.collapseexecutor.redis;

import io.github.collapseexecutor.fleet.FleetCodec;
import io.github.collapseexecutor.fleet.FleetStats.FallbackReason;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.jspecify.annotations.Nullable;

/**
 * The calls of a thread that may block: it asks Redis for the key's lease, and either makes the
 * call for the fleet or waits for the instance that does ({@link FleetCoordinator#call}).
 */
final class BlockingCalls {

  private final Coordination fleet;

  BlockingCalls(Coordination fleet) {
    this.fleet = fleet;
  }

  // a release that fails is sent again (UnendedLeases): nothing waits for it
  @SuppressWarnings("FutureReturnValueIgnored")
  <T, X extends Exception> T call(
      FleetKey key, FleetCodec<T> codec, long maxWaitNanos, long maxAgeNanos, FleetCall<T, X> call)
      throws X, InterruptedException {
    fleet.counters.asked();
    String digest = fleet.secret.digest(key);
    if (!fleet.coordinates(digest)) {
      fleet.counters.countFellBack(FallbackReason.TIER_DOWN);
      return call.call();
    }
    String token = fleet.token();
    Claim claim;
    long asked = System.nanoTime();
    try {
      claim =
          RedisLink.await(fleet.link.claim(digest, token, fleet.leaseMillis, fleet.timeoutNanos));
    } catch (Unavailable e) {
      // the claim may still run after its timeout: free the key again behind it
      fleet.link.release(digest, token);
      fleet.fellBack(digest, e);
      return call.call();
    }
    fleet.health.commandAnswered();
    if (claim.led()) {
      return lead(digest, token, asked, codec, call);
    }
    if (fleet.startedBefore(claim, System.nanoTime() - asked, maxAgeNanos)) {
      fleet.counters.overtaken.increment();
      return call.call();
    }
    T shared = awaitShared(digest, claim, codec, maxWaitNanos);
    return shared != null ? shared : call.call();
  }

  private <T, X extends Exception> T lead(
      String digest, String token, long asked, FleetCodec<T> codec, FleetCall<T, X> call) throws X {
    fleet.counters.led.increment();
    T result;
    try {
      result = call.call();
    } catch (Throwable failure) {
      finish(digest, fleet.link.release(digest, token), asked);
      throw failure;
    }
    byte[] value = fleet.values.seal(result, codec, digest, token);
    finish(
        digest,
        value == null
            ? fleet.link.release(digest, token)
            : fleet.link.finish(digest, token, value, fleet.resultTtlMillis),
        asked);
    return result;
  }

  /**
   * Waits, at most the coordination timeout, until the end of a call reached Redis: a caller of
   * this or another instance that comes after the leader returned then leads a call of its own,
   * rather than taking a result from before it asked. Notes a lease that was gone, and turns the
   * tier down if Redis is late.
   */
  private void finish(String digest, CompletableFuture<Long> sent, long asked) {
    try {
      fleet.noteFinished(sent.get(), asked);
    } catch (InterruptedException e) {
      // the call is made and its result is the caller's: keep the interrupt for the caller
      Thread.currentThread().interrupt();
    } catch (ExecutionException e) {
      fleet.commandFailed(
          digest, fleet.link.unavailable(e.getCause() == null ? e : e.getCause()).fault());
    }
  }

  /**
   * Waits for the call that {@code claim}'s holder makes and returns its result, or {@code null}
   * if this caller makes its own call: counted by why.
   */
  private <T> @Nullable T awaitShared(
      String digest, Claim claim, FleetCodec<T> codec, long maxWaitNanos)
      throws InterruptedException {
    fleet.beforeWatch.run();
    try (Publications.Watch watch = fleet.publications.watch(digest, claim.holder())) {
      if (!fleet.coordinates(digest)) {
        // the tier went down before the watch began, so its signal was not heard
        fleet.counters.countFellBack(FallbackReason.TIER_DOWN);
        return null;
      }
      // the result may have landed before the watch began: look once before waiting
      byte[] value = RedisLink.await(fleet.link.resultOnceListening(watch, digest, claim.holder()));
      Publications.Signal signal = Publications.Signal.STORED;
      if (value == null) {
        signal = watch.await(fleet.waitNanos(claim, maxWaitNanos));
        value =
            Coordination.mayHaveResult(signal)
                ? RedisLink.await(fleet.link.resultOnceListening(watch, digest, claim.holder()))
                : null;
      }
      T result = value == null ? null : fleet.values.open(value, codec, digest, claim.holder());
      if (result != null) {
        fleet.joined(claim);
      } else {
        fleet.countFellShort(signal);
      }
      return result;
    } catch (Unavailable e) {
      fleet.fellBack(digest, e);
      return null;
    }
  }
}
