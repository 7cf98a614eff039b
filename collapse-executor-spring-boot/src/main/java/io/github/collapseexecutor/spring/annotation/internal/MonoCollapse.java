package io.github.collapseexecutor.spring.annotation.internal;

import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import reactor.core.publisher.Mono;

/**
 * Same-key collapse of a method returning a {@link Mono}. Only loaded for such methods, so the
 * rest works without Reactor.
 */
final class MonoCollapse {

  private MonoCollapse() {}

  /** The shared run of a group, as a caller's future. */
  @FunctionalInterface
  interface SharedRun {
    CompletableFuture<Object> join(Object group, Callable<CompletableFuture<Object>> start)
        throws Exception;
  }

  /**
   * Returns a {@code Mono} that, on each subscription, joins the run in progress for
   * {@code group} or starts one by calling the method and subscribing to its {@code Mono}. A
   * subscriber that cancels leaves alone; the run is cancelled when every subscriber has left.
   */
  static Object collapse(Object group, Callable<Object> call, SharedRun run) {
    return Mono.defer(() -> {
      CompletableFuture<Object> caller;
      try {
        caller = run.join(group, () -> {
          Mono<?> mono = (Mono<?>) call.call();
          return mono == null ? null : mono.<Object>map(value -> value).toFuture();
        });
      } catch (Exception e) {
        return Mono.error(e);
      }
      return Mono.fromFuture(caller, /* suppressCancel= */ false);
    });
  }
}
