package io.github.collapseexecutor.spring.annotation;

import java.lang.reflect.Method;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Future;
import org.aopalliance.intercept.MethodInvocation;
import org.jspecify.annotations.Nullable;
import org.springframework.core.KotlinDetector;

/**
 * The advice of a {@link CollapseBarrier} method: counts a completed write when the method
 * returns, normally or not, and again when the future or {@code Mono} it returned completes;
 * its caller has what it returned once the other instances can know of the write too
 * ({@link CompletedWrites#completed()}). A
 * Kotlin {@code suspend fun} returns a {@code Mono} through Spring AOP, which runs its body only
 * once it is subscribed to: its write is done when that {@code Mono} ends.
 */
final class BarrierAdvice implements MethodAdvice {

  private static final String MONO_TYPE = "reactor.core.publisher.Mono";

  private final CompletedWrites writes;
  private final boolean returnsPublisher;
  private final boolean returnsStage;

  /** Whether the method may return a future of its own in place of the one it made. */
  private final boolean mayReturnOwnFuture;

  BarrierAdvice(Method method, CompletedWrites writes) {
    this.writes = writes;
    this.returnsPublisher =
        method.getReturnType().getName().equals(MONO_TYPE)
            || KotlinDetector.isSuspendingFunction(method);
    this.returnsStage = CompletionStage.class.isAssignableFrom(method.getReturnType());
    this.mayReturnOwnFuture = method.getReturnType().isAssignableFrom(CompletableFuture.class);
  }

  @Override
  public @Nullable Object invoke(MethodInvocation invocation) throws Throwable {
    Object returned;
    try {
      returned = invocation.proceed();
    } finally {
      if (returnsStage || returnsPublisher) {
        // a caller that must not block: it waits below, for the end of what it returned
        writes.completed();
      } else {
        writes.completedHere();
      }
    }
    if (returned instanceof CompletionStage<?> stage) {
      return mayReturnOwnFuture ? afterWrite(stage) : stage.whenComplete(this::count);
    } else if (returnsPublisher && returned != null) {
      return MonoBarrier.afterTermination(returned, writes);
    }
    return returned;
  }

  // the stage the method returned stays the caller's: the count goes on beside it
  @SuppressWarnings("FutureReturnValueIgnored")
  private void count(@Nullable Object value, @Nullable Throwable failure) {
    writes.completed();
  }

  /**
   * Returns a future of what {@code stage} completes with, completed once the write was counted,
   * by the other instances too: a read the caller sends once it has it never joins a run that
   * started before. Cancelling it cancels {@code stage} if it is a future.
   */
  // the callbacks handle both outcomes: the stages whenComplete returns hold nothing more
  @SuppressWarnings("FutureReturnValueIgnored")
  private CompletableFuture<@Nullable Object> afterWrite(CompletionStage<?> stage) {
    CompletableFuture<@Nullable Object> after =
        new CompletableFuture<>() {
          @Override
          public boolean cancel(boolean mayInterruptIfRunning) {
            if (stage instanceof Future<?> future) {
              future.cancel(mayInterruptIfRunning);
            }
            return super.cancel(mayInterruptIfRunning);
          }
        };
    stage.whenComplete(
        (value, failure) ->
            writes
                .completed()
                .whenComplete(
                    (counted, never) -> {
                      if (failure != null) {
                        after.completeExceptionally(failure);
                      } else {
                        after.complete(value);
                      }
                    }));
    return after;
  }
}
