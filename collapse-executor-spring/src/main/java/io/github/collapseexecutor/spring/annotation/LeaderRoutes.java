package io.github.collapseexecutor.spring.annotation;

import io.github.collapseexecutor.core.Incubating;
import io.github.collapseexecutor.spring.NamedExecutor;
import java.lang.reflect.Method;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import org.springframework.core.ResolvableType;

/**
 * Where the caller that leads a key of a {@link Collapsible} method on this instance makes its
 * run: here, as without it, or through a route that may take the result of a run made elsewhere,
 * such as on another instance of the application. The collapser hands a route the leader's run
 * only: the callers that join the leader here never reach it, and get what the leader gets. A
 * leader that took a result from elsewhere is observed as served by another instance
 * ({@link io.github.collapseexecutor.spring.observation.MethodObserver.SameKeyCall#servedByAnotherInstance()}).
 *
 * <p>An application has at most one bean of this type; without one, every run is made here. Each
 * method is asked for once, when the first bean of its class is created. The collapser keeps
 * the order of runs and writes itself: a run that arrived after a write completed here never goes
 * through the route while a run that arrived before that write is in it, and the route is told how
 * long ago the last write completed ({@link RoutedCall#sinceLastWrite()}), so that it takes no
 * result of a run that started before.
 */
@Incubating
@FunctionalInterface
public interface LeaderRoutes {

  /**
   * Returns the route of the leaders' runs of {@code method}, or {@code null} to make them here.
   *
   * @throws MisconfiguredMethodException if the method cannot be routed as it asks: the creation
   *     of its bean fails
   */
  @Nullable Route route(RoutedMethod method);

  /**
   * Tells the routes that a write completed on this instance (a transaction committed, a
   * {@link CollapseBarrier} method returned), so that a run anywhere that arrives from now on
   * takes no result of a run that started before it; returns the stage that completes once the
   * routes' other instances can know of it, or their own bound passed. It never fails. By
   * default it completes at once: only this instance's runs are kept apart
   * ({@link RoutedCall#sinceLastWrite()}).
   */
  default CompletionStage<Void> written() {
    return CompletableFuture.completedFuture(null);
  }

  /**
   * A {@link Collapsible} method whose leaders' runs may be routed.
   *
   * @param method the method
   * @param name the method as a reader finds it, for messages: {@code QuoteService.quote(String)}
   * @param collapsible its annotation, from the method or its class
   * @param executor the named executor it uses
   * @param resultType the declared type of what its callers share: the method's result, or the
   *     value of the future or {@code Mono} it returns
   */
  record RoutedMethod(
      Method method,
      String name,
      Collapsible collapsible,
      NamedExecutor executor,
      ResolvableType resultType) {}

  /**
   * One leader's run, made of what its local key holds but the writes, which each instance
   * counts for itself.
   *
   * @param bean the name of the singleton bean the call was made on, or {@code null} if it has
   *     none that every instance of the application knows it by
   * @param key the key: the arguments, or what the key expression made of them
   * @param caller the caller's identity, or {@code null} when callers share across identities
   * @param sinceLastWrite how long ago the last write this instance completed did, or {@code null}
   *     if none did: the run takes no result of a run that started before it
   */
  record RoutedCall(
      @Nullable String bean,
      @Nullable Object key,
      @Nullable Object caller,
      @Nullable Duration sinceLastWrite) {}

  /** The route of one method's leaders' runs. */
  interface Route {

    /**
     * Makes the run of {@code call} of a method that returns a value, on the leader's thread:
     * returns what {@code here} returned, or a result taken from elsewhere without calling it.
     *
     * @param here makes the run on this instance, on the calling thread; call it at most once
     * @throws Exception what {@code here} threw
     */
    @Nullable Object run(RoutedCall call, Callable<@Nullable Object> here) throws Exception;

    /**
     * Starts the run of {@code call} of a method that returns a future or a {@code Mono}, without
     * blocking: returns the future of the value its callers share, from {@code here} or taken
     * from elsewhere. Cancelling that future (every caller left) stops the run: a start that has
     * not begun never does, and one that has is cancelled.
     *
     * @param here starts the run on this instance and returns the future of its value, failed
     *     rather than thrown; call it at most once. Off the thread that called this method, or
     *     after this method returned, it runs with that thread's context, as the caller's own
     *     call would
     */
    CompletableFuture<@Nullable Object> start(
        RoutedCall call, Supplier<CompletableFuture<@Nullable Object>> here);
  }
}
