package io.github.collapseexecutor.spring.annotation;

import java.lang.reflect.Method;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import kotlin.coroutines.Continuation;
import kotlin.coroutines.CoroutineContext;
import kotlinx.coroutines.Job;
import org.jspecify.annotations.Nullable;
import org.springframework.core.CoroutinesUtils;
import reactor.core.publisher.Mono;

/**
 * The coroutine of a batch of {@code suspend fun} calls. Only loaded for such methods, so the rest
 * works without Kotlin.
 */
final class Coroutines {

  private Coroutines() {}

  /**
   * Returns the context of the coroutine that made a call, from its continuation, without its job:
   * a batch started in it belongs to every caller of the batch, and one caller's cancellation must
   * not cancel it.
   */
  static Object contextOf(@Nullable Object continuation) {
    return ((Continuation<?>) requireContinuation(continuation)).getContext().minusKey(Job.Key);
  }

  /**
   * Calls {@code method}, a {@code suspend fun}, on {@code bean} with {@code argument}, in a new
   * coroutine of {@code context}, and returns the future of what it returns.
   */
  static CompletableFuture<@Nullable Object> start(
      Method method, Object bean, List<Object> argument, Object context) {
    return Mono.from(
            CoroutinesUtils.invokeSuspendingFunction(
                (CoroutineContext) context, method, bean, argument))
        .<@Nullable Object>map(value -> value)
        .toFuture();
  }

  /**
   * Returns the {@code Mono} the proxy of a {@code suspend fun} awaits for a caller of a batch:
   * its result, or else, where it gets an {@link OwnCall}, the {@code Mono} of its own call. The
   * proxy cancels its subscription when the caller's coroutine is cancelled, which cancels
   * {@code mine} and so leaves the batch.
   */
  static Object awaiting(
      CompletableFuture<@Nullable Object> mine,
      Callable<@Nullable Object> own,
      Consumer<String> notCollapsed) {
    return Mono.fromFuture(mine, /* suppressCancel= */ false)
        .flatMap(
            result -> {
              if (!(result instanceof OwnCall ownCall)) {
                return Mono.just(result);
              }
              notCollapsed.accept(ownCall.reason());
              return Mono.defer(() -> ownMono(own));
            });
  }

  /** Makes the caller's own call; a {@code suspend fun}'s proxy returns it as a {@code Mono}. */
  @SuppressWarnings("unchecked")
  private static Mono<Object> ownMono(Callable<@Nullable Object> own) {
    try {
      return Objects.requireNonNull((Mono<Object>) own.call(), "the suspend fun's Mono");
    } catch (Exception e) {
      return Mono.error(e);
    }
  }

  private static Object requireContinuation(@Nullable Object continuation) {
    if (continuation == null) {
      throw new IllegalStateException("a suspend fun was called without a continuation");
    }
    return continuation;
  }
}
