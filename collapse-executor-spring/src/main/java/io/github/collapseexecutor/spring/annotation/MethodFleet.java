package io.github.collapseexecutor.spring.annotation;

import java.lang.reflect.Method;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import org.springframework.core.ResolvableType;

/**
 * The fleet tier as the {@link Collapsible} methods see it: where a method whose calls go through
 * it gets its route ({@link FleetRoutes}, on the application's {@code Fleet} bean).
 */
interface MethodFleet {

  /**
   * Returns the route of {@code method}'s calls through the fleet, checked at startup.
   *
   * @param resultType the declared type of the method's result: of the value a method returning
   *     a future or a {@code Mono} completes with
   * @param beanNames the name of the bean a call was made on, or {@code null} if it has none that
   *     another instance would know it by
   * @throws MisconfiguredMethodException if the tier is not set up, or no codec writes
   *     {@code resultType}
   */
  Route route(String annotation, Method method, ResolvableType resultType,
      Function<Object, @Nullable String> beanNames);

  /** How the calls of one method go through the fleet. */
  interface Route {

    /**
     * Returns {@code call}, the run of the caller that leads {@code group} on this instance, made
     * through the fleet: it makes the call itself, or takes the result of another instance's.
     *
     * @param maxWait how long the caller waits for another instance's call at most, then makes
     *     its own; {@code null} for as long as that instance holds the key
     * @param writes the writes of this instance, of which the run follows the last: it takes no
     *     result of a call another instance started before that write
     */
    Callable<@Nullable Object> through(CallKey group, @Nullable Duration maxWait,
        CompletedWrites writes, Callable<@Nullable Object> call);

    /**
     * {@link #through} for a method that returns a future or a {@code Mono}, without blocking a
     * thread: returns what starts the run of the caller that leads {@code group} on this
     * instance, as a future of the value it shares. Cancelling that future stops the run: a
     * start that has not begun never does, and one that has is cancelled.
     *
     * @param start starts this instance's own call and returns the future of its value; it
     *     fails that future rather than throw. It runs on the thread that starts the run, or on
     *     a thread of the pool of {@code CompletableFuture}'s async stages with that thread's
     *     context, never on the tier's own
     */
    Supplier<CompletableFuture<@Nullable Object>> throughAsync(CallKey group,
        @Nullable Duration maxWait, CompletedWrites writes,
        Supplier<CompletableFuture<@Nullable Object>> start);
  }
}
