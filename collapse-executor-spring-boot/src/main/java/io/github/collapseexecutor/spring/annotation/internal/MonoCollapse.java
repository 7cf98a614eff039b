package io.github.collapseexecutor.spring.annotation.internal;

import io.github.collapseexecutor.spring.annotation.internal.MethodObserver.FutureCall;
import io.micrometer.observation.contextpropagation.ObservationThreadLocalAccessor;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import reactor.core.publisher.Mono;
import reactor.util.context.Context;

/**
 * Same-key collapse of a method returning a {@link Mono}. Only loaded for such methods, so the
 * rest works without Reactor.
 */
final class MonoCollapse {

  /**
   * Where Micrometer keeps the current observation in a Reactor context; a constant, so reading it
   * loads nothing of Micrometer's.
   */
  private static final String OBSERVATION = ObservationThreadLocalAccessor.KEY;

  private MonoCollapse() {}

  /** The shared run of a group, as a caller's future. */
  @FunctionalInterface
  interface SharedRun {

    /**
     * Returns the caller's future of the run of {@code group}, started by {@code start}.
     *
     * @param observation the subscriber's observation, or {@code null}
     */
    CompletableFuture<Object> join(Object group, Object observation, FutureCall.Start start)
        throws Exception;
  }

  /**
   * Returns a {@code Mono} that, on each subscription, joins the run in progress for
   * {@code group} or starts one by calling the method and subscribing to its {@code Mono}. A
   * subscriber that cancels leaves alone; the run is cancelled when every subscriber has left.
   */
  static Object collapse(Object group, Callable<Object> call, SharedRun run) {
    return Mono.deferContextual(context -> {
      CompletableFuture<Object> caller;
      try {
        caller = run.join(group, context.getOrDefault(OBSERVATION, null),
            observation -> start(call, observation));
      } catch (Exception e) {
        return Mono.error(e);
      }
      return Mono.fromFuture(caller, /* suppressCancel= */ false);
    });
  }

  /**
   * Calls the method and subscribes to its {@code Mono}, with the run's observation, if any, as
   * the current one in its context: the run belongs to no one subscriber, so the method's
   * observations are the run's children.
   */
  private static CompletableFuture<Object> start(Callable<Object> call, Object observation)
      throws Exception {
    Mono<?> mono = (Mono<?>) call.call();
    if (mono == null) {
      return null;
    }
    Mono<Object> shared = mono.map(value -> value);
    return (observation == null ? shared
        : shared.contextWrite(Context.of(OBSERVATION, observation))).toFuture();
  }
}
