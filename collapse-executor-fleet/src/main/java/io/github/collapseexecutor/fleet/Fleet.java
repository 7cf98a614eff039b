package io.github.collapseexecutor.fleet;

import io.github.collapseexecutor.core.Incubating;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * A tier behind an instance's own collapse that makes one call per key across the instances of
 * an application: the caller that leads a key on its instance asks it, and either makes the call
 * for every instance or takes what another instance's call produced. It is the one seam between
 * collapse-executor's adapters (the HTTP clients and filters, gRPC, {@code @Collapsible}) and a
 * store that coordinates them: {@code collapse-executor-redis} implements it on Redis
 * ({@code RedisFleet}); an HTTP adapter takes it through its options' {@code fleet(...)}, the
 * annotations as a bean ({@code collapse-executor-spring-fleet}).
 *
 * <p>A caller asks only with a key each part of which another instance writes alike for an equal
 * call ({@link PortableText}), and hands on only what every caller with that key may have: an
 * HTTP adapter a response the sharing rules let them all have, the annotations a result that
 * another instance's caller could not tell from its own. What crosses is bytes that the caller
 * writes and reads; the tier keeps them as it likes (encrypted, for seconds, up to a size), and
 * never hands on another instance's failure.
 *
 * <p>An implementation fails open: a tier that cannot coordinate (its store is down or slow)
 * runs the caller's call at once.
 */
@Incubating
public interface Fleet {

  /**
   * Makes {@code call} the one call for {@code key} across the fleet, or returns what another
   * instance's call shared. A tier that cannot coordinate (its store is down) runs
   * {@code call} at once.
   *
   * @param key the text of the caller's whole key; it may hold credentials and URLs with tokens,
   *     so the tier never keeps it as it is (it keeps a keyed digest of it, say)
   * @param maxWait how long this caller waits for another instance at most; then it makes its
   *     own call
   * @return what another instance's {@code call} returned, or {@code null} once this instance's
   *     {@code call} ran (what it returned, if anything, went to the other instances)
   * @throws X what {@code call} threw
   * @throws InterruptedException if the thread was interrupted while it waited
   */
  <X extends Exception> byte @Nullable [] call(List<String> key, Duration maxWait, Call<X> call)
      throws X, InterruptedException;

  /** A limit of {@link #call(List, Duration, Duration, Call)} that joins a call of any age. */
  Duration ANY_AGE = ChronoUnit.FOREVER.getDuration();

  /**
   * {@link #call(List, Duration, Call)} for a caller that must not take the result of a call
   * another instance started more than {@code maxAge} ago: it arrived after a write its own
   * instance completed, which that call may not have seen. It makes its
   * own call instead. A tier that cannot tell how long ago another instance's call started
   * keeps such requests on their instance: it runs {@code call} at once, the default; with
   * {@link #ANY_AGE} it is {@code call(key, maxWait, call)}.
   */
  default <X extends Exception> byte @Nullable [] call(
      List<String> key, Duration maxWait, Duration maxAge, Call<X> call)
      throws X, InterruptedException {
    if (maxAge.compareTo(ANY_AGE) >= 0) {
      return call(key, maxWait, call);
    }
    call.call();
    return null;
  }

  /**
   * {@link #call} for a caller that must not block (a non-blocking client): the tier asks its
   * store, and waits for another instance, without holding a thread. {@code call} starts this
   * instance's call and must not block: the tier may start it on a thread of its own. A tier
   * without a non-blocking path keeps such callers on their instance: it starts {@code call} at
   * once, the default.
   *
   * @return a stage of what another instance's call returned, or of {@code null} once this
   *     instance's call completed; it fails only as this instance's call did
   */
  default CompletionStage<byte @Nullable []> callAsync(
      List<String> key,
      Duration maxWait,
      Supplier<? extends CompletionStage<byte @Nullable []>> call) {
    return call.get().thenApply(own -> null);
  }

  /**
   * {@link #callAsync(List, Duration, Supplier)} for a request that must not take the response
   * of a call another instance started more than {@code maxAge} ago, as
   * {@link #call(List, Duration, Duration, Call)} says; by default such a request stays on its
   * instance.
   */
  default CompletionStage<byte @Nullable []> callAsync(
      List<String> key,
      Duration maxWait,
      Duration maxAge,
      Supplier<? extends CompletionStage<byte @Nullable []>> call) {
    return maxAge.compareTo(ANY_AGE) >= 0
        ? callAsync(key, maxWait, call)
        : call.get().thenApply(own -> null);
  }

  /**
   * Tells the tier that a write completed on this instance: a request that may have changed
   * state, a committed transaction. From then on no caller of any instance takes the result of
   * a call that started before it: reads never go back in time across the fleet. Call it once
   * the write is done and before its caller can act on it (before its response leaves), and let
   * the caller go on once the stage completes. The stage never fails, and completes within the
   * tier's own bound on a command (its coordination timeout); a tier without a shared count of
   * writes completes it at once, the default, and keeps only the callers of the writing
   * instance apart ({@link #call(List, Duration, Duration, Call)}).
   */
  default CompletionStage<Void> written() {
    return CompletableFuture.completedFuture(null);
  }

  /**
   * Tells the tier that keys of this instance hold {@code value} as {@code part}: a server filter
   * notes the local port and the {@code Host} of each request it asks for, which differ between
   * instances that can never share. The tier tells the other instances, and warns when one has
   * no value of a part in common with this one ({@link FleetStats#instances()}). It must cost
   * next to nothing when the value was noted before. By default it does nothing.
   */
  default void noteKeyPart(String part, String value) {}

  /**
   * This instance's call for the fleet.
   *
   * @param <X> what it throws
   */
  @FunctionalInterface
  interface Call<X extends Exception> {

    /** Makes the call; returns the response to hand to the other instances, or {@code null}. */
    byte @Nullable [] call() throws X;
  }
}
