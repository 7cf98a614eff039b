package io.github.collapseexecutor.spring.annotation;

import io.github.collapseexecutor.core.CollapseExecutionException;
import java.lang.reflect.Method;
import java.lang.reflect.UndeclaredThrowableException;
import java.util.Objects;
import java.util.concurrent.Callable;
import org.aopalliance.intercept.MethodInvocation;
import org.jspecify.annotations.Nullable;
import org.springframework.aop.ProxyMethodInvocation;

/** Runs intercepted calls inside the executors, and gives callers the exceptions they expect. */
final class Invocations {

  private Invocations() {}

  /** Returns the bean the call was made on: the advice is only ever added to beans. */
  static Object target(MethodInvocation invocation) {
    return Objects.requireNonNull(invocation.getThis(), "the advised bean");
  }

  /** Returns the rest of the call as a {@link Callable}, for the executors to run. */
  static Callable<@Nullable Object> proceeding(MethodInvocation invocation) {
    return () -> proceed(invocation);
  }

  /**
   * Returns the rest of the call as a {@link Callable} that may run more than once and after the
   * interceptor returned, as a {@code Mono} resubscribed later needs.
   */
  static Callable<@Nullable Object> proceedingLater(MethodInvocation invocation) {
    if (!(invocation instanceof ProxyMethodInvocation proxied)) {
      return proceeding(invocation);
    }
    return () -> proceed(proxied.invocableClone());
  }

  private static @Nullable Object proceed(MethodInvocation invocation) throws Exception {
    try {
      return invocation.proceed();
    } catch (Exception | Error e) {
      throw e;
    } catch (Throwable t) {
      throw new UndeclaredThrowableException(t);
    }
  }

  /**
   * Returns what a caller of {@code method} should see for a failure the blocking executors
   * wrapped: the checked exception itself when the method declares it, as a direct call would
   * have thrown it, otherwise the wrapper.
   */
  static Throwable unwrap(CollapseExecutionException wrapped, Method method) {
    Throwable cause = wrapped.getCause();
    if (cause == null) {
      return wrapped;
    }
    for (Class<?> declared : method.getExceptionTypes()) {
      if (declared.isInstance(cause)) {
        if (cause instanceof InterruptedException) {
          // the executor set the flag again; an InterruptedException thrown carries it instead
          Thread.interrupted();
        }
        return cause;
      }
    }
    return wrapped;
  }
}
