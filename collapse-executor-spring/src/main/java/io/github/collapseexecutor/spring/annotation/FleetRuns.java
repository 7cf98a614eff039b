package io.github.collapseexecutor.spring.annotation;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;

/**
 * The fleet tier's route of one method's runs, kept behind the writes of this instance: the fleet
 * key holds no write count (each instance counts its own), so a run that arrived after a write
 * here would find, under the same fleet key, a run of this instance that started before the
 * write, and wait for its result. Such a run makes its call itself instead, while the earlier
 * one is in the fleet. Another instance's run that started before the write is kept out by the
 * tier ({@link MethodFleet.Route#through}).
 */
final class FleetRuns {

  private final MethodFleet.Route route;
  private final CompletedWrites writes;
  /** The write count of the run of each key in the fleet from this instance. */
  private final Map<CallKey, Long> inFleet = new ConcurrentHashMap<>();

  FleetRuns(MethodFleet.Route route, CompletedWrites writes) {
    this.route = route;
    this.writes = writes;
  }

  /** Returns {@code call}, the run of {@code group}'s leading caller, through the fleet. */
  Callable<@Nullable Object> through(CallKey group, @Nullable Duration maxWait,
      Callable<@Nullable Object> call) {
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
}
