package io.github.collapseexecutor.spring.annotation;

import io.github.collapseexecutor.spring.NamedExecutor;
import io.github.collapseexecutor.spring.observation.MethodObserver.FutureCall;
import io.github.collapseexecutor.spring.observation.MethodObserver.SameKeyCall;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import org.springframework.core.ResolvableType;

/**
 * The leader's run of one {@link Collapsible} method through the application's
 * {@link LeaderRoutes.Route}: the method runs here, or a result made elsewhere comes back, which
 * the leader's observation is told of.
 *
 * <p>The route's call holds no write count (each instance counts its own), so a run that arrived
 * after a write here would find, under the same call, a run of this instance that started before
 * the write, and wait for its result. Such a run makes its call here instead, while the earlier
 * one is in the route; a run made elsewhere that started before the write the route keeps out
 * itself ({@link LeaderRoutes.RoutedCall#sinceLastWrite()}).
 */
final class RoutedLeaderRun implements LeaderRun {

  private final LeaderRoutes.Route route;
  private final CompletedWrites writes;
  private final Function<Object, @Nullable String> beanNames;
  private final String name;

  /** The write count of the run of each key in the route from this instance. */
  private final Map<CallKey, Long> inRoute = new ConcurrentHashMap<>();

  private RoutedLeaderRun(
      LeaderRoutes.Route route,
      CompletedWrites writes,
      Function<Object, @Nullable String> beanNames,
      String name) {
    this.route = route;
    this.writes = writes;
    this.beanNames = beanNames;
    this.name = name;
  }

  /**
   * Returns how the leaders of the method of {@code site} make their runs: through the route
   * {@code routes} gives it, or here where it gives none.
   *
   * @param routes the application's routes
   * @param resultType the declared type of what its callers share
   * @param beanNames the name of the singleton bean a call was made on, or {@code null} if it has
   *     none that every instance of the application knows it by
   * @throws MisconfiguredMethodException if the method cannot be routed as it asks
   */
  static LeaderRun of(
      LeaderRoutes routes,
      MethodSite site,
      Collapsible collapsible,
      NamedExecutor executor,
      ResolvableType resultType,
      Function<Object, @Nullable String> beanNames,
      CompletedWrites writes) {
    LeaderRoutes.Route route =
        routes.route(
            new LeaderRoutes.RoutedMethod(
                site.method(), MethodNames.of(site.method()), collapsible, executor, resultType));
    return route == null
        ? LeaderRun.HERE
        : new RoutedLeaderRun(route, writes, beanNames, site.executorName());
  }

  /** {@inheritDoc} All of it runs on the leader's thread. */
  @Override
  public Callable<@Nullable Object> run(
      CallKey group, SameKeyCall call, Callable<@Nullable Object> method) {
    CallKey anyWrites = group.withWrites(0);
    long count = group.writes();
    return () -> {
      Long earlier = inRoute.putIfAbsent(anyWrites, count);
      if (earlier != null && earlier < count) {
        // a later run may take the result of a run that started after it arrived, never before
        return method.call();
      }
      boolean[] ranHere = {false};
      try {
        Object result =
            route.run(
                routed(group),
                () -> {
                  ranHere[0] = true;
                  return method.call();
                });
        if (!ranHere[0]) {
          call.servedByAnotherInstance();
        }
        return result;
      } finally {
        if (earlier == null) {
          inRoute.remove(anyWrites, count);
        }
      }
    };
  }

  /** {@inheritDoc} The method starts here, or later elsewhere; it is in the route until done. */
  @Override
  public FutureCall.Start start(CallKey group, FutureCall call, FutureCall.Start start) {
    CallKey anyWrites = group.withWrites(0);
    long count = group.writes();
    return observation -> {
      Long earlier = inRoute.putIfAbsent(anyWrites, count);
      if (earlier != null && earlier < count) {
        // as above: a later run never takes the result of one that started before it arrived
        return started(start, observation);
      }
      CompletableFuture<@Nullable Object> run;
      try {
        run = routedStart(group, call, start, observation);
      } catch (RuntimeException | Error e) {
        if (earlier == null) {
          inRoute.remove(anyWrites, count);
        }
        throw e;
      }
      // out of the route before its callers have the outcome, as the blocking run is
      return earlier == null
          ? CallerFuture.afterOutcome(run, (value, failure) -> inRoute.remove(anyWrites, count))
          : run;
    };
  }

  /** {@inheritDoc} Through a route, the method may start once the route answered. */
  @Override
  public boolean mayStartAfterReturn() {
    return true;
  }

  /**
   * Starts the run through the route: the method starts here, on this thread while the route is
   * asked, else with this thread's context, or the route's value comes back.
   */
  private CompletableFuture<@Nullable Object> routedStart(
      CallKey group, FutureCall call, FutureCall.Start start, @Nullable Object observation) {
    Thread starter = Thread.currentThread();
    Object context = CallerContexts.captureInRun();
    AtomicBoolean ranHere = new AtomicBoolean();
    boolean[] asking = {true};
    Supplier<CompletableFuture<@Nullable Object>> here =
        () -> {
          ranHere.set(true);
          if (Thread.currentThread() == starter && asking[0]) {
            return started(start, observation);
          }
          try {
            return CallerContexts.callWith(context, () -> started(start, observation));
          } catch (Exception e) {
            return CompletableFuture.failedFuture(e);
          }
        };
    CompletableFuture<@Nullable Object> run;
    try {
      run = route.start(routed(group), here);
    } finally {
      asking[0] = false;
    }
    return CallerFuture.afterOutcome(
        run,
        (value, failure) -> {
          if (failure == null && !ranHere.get()) {
            call.servedByAnotherInstance();
          }
        });
  }

  /** Returns what the route learns of the call of {@code group}. */
  private LeaderRoutes.RoutedCall routed(CallKey group) {
    return new LeaderRoutes.RoutedCall(
        beanNames.apply(group.target()), group.key(), group.caller(), writes.sinceLast());
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
