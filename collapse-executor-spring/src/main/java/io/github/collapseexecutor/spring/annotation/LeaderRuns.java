package io.github.collapseexecutor.spring.annotation;

import io.github.collapseexecutor.spring.NamedExecutor;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;
import org.springframework.core.ResolvableType;

/**
 * Where each {@link Collapsible} method gets how its leaders' runs are made ({@link LeaderRun}),
 * checked at startup: the application's bean of this type if it has one, else every run is made
 * here ({@link #HERE}).
 */
@FunctionalInterface
interface LeaderRuns {

  /** Makes the runs of every method here. */
  LeaderRuns HERE = (site, collapsible, executor, resultType, beanNames) -> LeaderRun.HERE;

  /**
   * Returns how the leaders of the method of {@code site} make their runs.
   *
   * @param collapsible the method's annotation, from the method or its class
   * @param executor the named executor the method uses
   * @param resultType the declared type of what its callers share: the method's result, or the
   *     value of the future or {@code Mono} it returns
   * @param beanNames the name of the singleton bean a call was made on, or {@code null} if it has
   *     none that every instance of the application knows it by
   * @throws MisconfiguredMethodException if the method's runs cannot be made as it asks
   */
  LeaderRun of(
      MethodSite site,
      Collapsible collapsible,
      NamedExecutor executor,
      ResolvableType resultType,
      Function<Object, @Nullable String> beanNames);
}
