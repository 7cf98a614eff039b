package io.github.collapseexecutor.spring.annotation;

import java.lang.reflect.Method;
import java.util.concurrent.CompletionStage;
import org.aopalliance.intercept.MethodInvocation;
import org.jspecify.annotations.Nullable;
import org.springframework.core.KotlinDetector;

/**
 * The advice of a {@link CollapseBarrier} method: counts a completed write when the method
 * returns, normally or not, and again when the future or {@code Mono} it returned completes. A
 * Kotlin {@code suspend fun} returns a {@code Mono} through Spring AOP, which runs its body only
 * once it is subscribed to: its write is done when that {@code Mono} ends.
 */
final class BarrierAdvice implements MethodAdvice {

  private static final String MONO_TYPE = "reactor.core.publisher.Mono";

  private final CompletedWrites writes;
  private final boolean returnsPublisher;

  BarrierAdvice(Method method, CompletedWrites writes) {
    this.writes = writes;
    this.returnsPublisher =
        method.getReturnType().getName().equals(MONO_TYPE)
            || KotlinDetector.isSuspendingFunction(method);
  }

  @Override
  public @Nullable Object invoke(MethodInvocation invocation) throws Throwable {
    Object returned;
    try {
      returned = invocation.proceed();
    } finally {
      writes.completed();
    }
    if (returned instanceof CompletionStage<?> stage) {
      stage.whenComplete((value, failure) -> writes.completed());
    } else if (returnsPublisher && returned != null) {
      return MonoBarrier.afterTermination(returned, writes);
    }
    return returned;
  }
}
