package io.github.collapseexecutor.spring.annotation;

import io.github.collapseexecutor.spring.observation.MethodObserver.FutureCall;
import io.github.collapseexecutor.spring.observation.MethodObserver.SameKeyCall;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jspecify.annotations.Nullable;

/**
 * The leader's run of one {@link Collapsible} method through the fleet tier: the method runs
 * here, or the result of another instance's call comes back, which the leader's observation is
 * told of. Only the leader's run reaches it: the callers that join it on this instance never ask
 * the tier.
 */
final class FleetLeaderRun implements LeaderRun {

  private final FleetRuns fleet;
  private final @Nullable Duration maxWait;
  private final String name;

  /**
   * @param maxWait how long the leader waits for another instance's call at most, then makes its
   *     own: its executor's caller timeout; {@code null} for as long as that instance holds the
   *     key
   * @param name the method's executor name, for the failure of a method that returned no future
   */
  FleetLeaderRun(FleetRuns fleet, @Nullable Duration maxWait, String name) {
    this.fleet = fleet;
    this.maxWait = maxWait;
    this.name = name;
  }

  /** {@inheritDoc} All of it runs on the leader's thread. */
  @Override
  public Callable<@Nullable Object> run(
      CallKey group, SameKeyCall call, Callable<@Nullable Object> method) {
    boolean[] ranHere = {false};
    Callable<@Nullable Object> routed =
        fleet.through(
            group,
            maxWait,
            () -> {
              ranHere[0] = true;
              return method.call();
            });
    return () -> {
      Object result = routed.call();
      if (!ranHere[0]) {
        call.servedByAnotherInstance();
      }
      return result;
    };
  }

  /** {@inheritDoc} The method starts here, or later elsewhere. */
  @Override
  public FutureCall.Start start(CallKey group, FutureCall call, FutureCall.Start start) {
    return observation -> {
      AtomicBoolean ranHere = new AtomicBoolean();
      CompletableFuture<@Nullable Object> run =
          fleet
              .throughAsync(
                  group,
                  maxWait,
                  () -> {
                    ranHere.set(true);
                    return started(start, observation);
                  })
              .get();
      return CallerFuture.afterOutcome(
          run,
          (value, failure) -> {
            if (failure == null && !ranHere.get()) {
              call.servedByAnotherInstance();
            }
          });
    };
  }

  /** {@inheritDoc} Through the fleet, the method may start once the tier answered. */
  @Override
  public boolean mayStartAfterReturn() {
    return true;
  }

  /** Starts the method: its future, failed with what the method threw as it started. */
  private CompletableFuture<@Nullable Object> started(
      FutureCall.Start start, @Nullable Object observation) {
    try {
      CompletableFuture<@Nullable Object> future = start.start(observation);
      return future != null
          ? future
          : CompletableFuture.failedFuture(
              new NullPointerException(name + ": the method returned null instead of a future"));
    } catch (Exception | Error e) {
      return CompletableFuture.failedFuture(e);
    }
  }
}
