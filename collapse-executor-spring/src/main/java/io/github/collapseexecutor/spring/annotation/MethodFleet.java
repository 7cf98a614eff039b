package io.github.collapseexecutor.spring.annotation;

import java.lang.reflect.Method;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.function.Function;
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
   * @param resultType the declared type of the method's result
   * @param beanNames the name of the bean a call was made on, or {@code null} if it has none that
   *     another instance would know it by
   * @throws MisconfiguredMethodException if the tier is not set up, or no codec writes
   *     {@code resultType}
   */
  Route route(String annotation, Method method, ResolvableType resultType,
      Function<Object, @Nullable String> beanNames);

  /** How the calls of one method go through the fleet. */
  @FunctionalInterface
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
  }
}
