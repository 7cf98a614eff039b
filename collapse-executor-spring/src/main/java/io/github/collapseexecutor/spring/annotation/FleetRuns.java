package io.github.collapseexecutor.spring.annotation;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * The fleet tier's route of one method's runs, kept behind the writes of this instance: the fleet
 * key holds no write count (each instance counts its own), so a run that arrived after a write
 * here would find, under the same fleet key, a run of this instance that started before the
 * write, and wait for its result. Such a run makes its call itself instead, while the earlier
 * one is in the fleet. Another instance's run that started before the write is kept out by the
 * tier ({@link FleetRoute#through}).
 */
final class FleetRuns {

  private final FleetRoute route;
  private final CompletedWrites writes;

  /** The write count of the run of each key in the fleet from this instance. */
  private final Map<CallKey, Long> inFleet = new ConcurrentHashMap<>();

  FleetRuns(FleetRoute route, CompletedWrites writes) {
    this.route = route;
    this.writes = writes;
  }

  /** Returns {@code call}, the run of {@code group}'s leading caller, through the fleet. */
  Callable<@Nullable Object> through(
      CallKey group, @Nullable Duration maxWait, Callable<@Nullable Object> call) {
    Callable<@Nullable Object> routed = route.through(group, maxWait, writes, call);
    CallKey anyWrites = group.withWrites(0);
    long writes = group.writes();
    return () -> {
      Long earlier = inFleet.putIfAbsent(anyWrites, writes);
      if (earlier == null) {
        try {
          return routed.call();
        } finally {
          inFleet.remove(anyWrites, writes);
        }
      }
      // a later run may take the result of a run that started after it arrived, never before
      return earlier < writes ? call.call() : routed.call();
    };
  }

  /**
   * {@link #through} for a method returning a future or a {@code Mono}: returns {@code start},
   * the start of {@code group}'s leading caller's run, through the fleet; the run is in the fleet
   * until its future completes.
   */
  Supplier<CompletableFuture<@Nullable Object>> throughAsync(
      CallKey group,
      @Nullable Duration maxWait,
      Supplier<CompletableFuture<@Nullable Object>> start) {
    Supplier<CompletableFuture<@Nullable Object>> routed =
        route.throughAsync(group, maxWait, writes, start);
    CallKey anyWrites = group.withWrites(0);
    long writes = group.writes();
    return () -> {
      Long earlier = inFleet.putIfAbsent(anyWrites, writes);
      if (earlier == null) {
        CompletableFuture<@Nullable Object> run;
        try {
          run = routed.get();
        } catch (RuntimeException | Error e) {
          inFleet.remove(anyWrites, writes);
          throw e;
        }
        // out of the fleet before its callers have the outcome, as the blocking run is
        return CallerFuture.afterOutcome(
            run, (value, failure) -> inFleet.remove(anyWrites, writes));
      }
      // as above: a later run never takes the result of one that started before it arrived
      return earlier < writes ? start.get() : routed.get();
    };
  }
}
