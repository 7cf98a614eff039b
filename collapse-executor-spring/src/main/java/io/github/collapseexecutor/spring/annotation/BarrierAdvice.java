package io.github.collapseexecutor.spring.annotation;

import java.lang.reflect.Method;
import java.util.concurrent.CompletionStage;
import org.aopalliance.intercept.MethodInvocation;
import org.jspecify.annotations.Nullable;

/**
 * The advice of a {@link CollapseBarrier} method: counts a completed write when the method
 * returns, normally or not, and again when the future or {@code Mono} it returned completes.
 */
final class BarrierAdvice implements MethodAdvice {

  private static final String MONO_TYPE = "reactor.core.publisher.Mono";

  private final CompletedWrites writes;
  private final boolean returnsMono;

  BarrierAdvice(Method method, CompletedWrites writes) {
    this.writes = writes;
    this.returnsMono = method.getReturnType().getName().equals(MONO_TYPE);
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
    } else if (returnsMono && returned != null) {
      return MonoBarrier.afterTermination(returned, writes);
    }
    return returned;
  }
}
