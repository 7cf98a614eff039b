package io.github.collapseexecutor.spring.annotation;

import java.lang.reflect.Method;
import java.util.Arrays;
import org.jspecify.annotations.Nullable;
import org.springframework.core.KotlinDetector;
import org.springframework.core.ResolvableType;
import org.springframework.util.ClassUtils;

/**
 * What a Kotlin {@code suspend fun} needs of the advice. Spring AOP calls one through
 * kotlinx-coroutines-reactor: the rest of the call returns a {@code Mono}, and the proxy awaits
 * the {@code Mono} the advice returns, cancelling its subscription when the caller's coroutine is
 * cancelled. Its last argument is the caller's continuation, which is no part of the key.
 */
final class Suspending {

  /** What Spring AOP looks for before it calls a {@code suspend fun} through a {@code Mono}. */
  private static final String COROUTINES_REACTOR = "kotlinx.coroutines.reactor.MonoKt";

  private Suspending() {}

  /**
   * Returns {@link ReturnKind#SUSPEND} for {@code method}, a {@code suspend fun}, or throws
   * naming the method and the reason it cannot be collapsed.
   */
  static ReturnKind check(Method method, String annotation) {
    if (!ClassUtils.isPresent(COROUTINES_REACTOR, method.getDeclaringClass().getClassLoader())
        || !KotlinDetector.isKotlinReflectPresent()) {
      throw Unsupported.method(
          annotation,
          method,
          "it is a suspend fun, which Spring calls through kotlinx-coroutines-reactor and"
              + " kotlin-reflect, and one of them is not on the class path",
          "Add org.jetbrains.kotlinx:kotlinx-coroutines-reactor and"
              + " org.jetbrains.kotlin:kotlin-reflect to the application's dependencies.");
    }
    if (returnsUnit(method)) {
      throw Unsupported.method(
          annotation,
          method,
          "it returns Unit; only a result can be shared",
          "Return the result the callers share, or remove @" + annotation + " from the method.");
    }
    if (ResolvableType.forMethodReturnType(method)
        .resolve(Object.class)
        .getName()
        .equals("kotlinx.coroutines.flow.Flow")) {
      throw Unsupported.method(
          annotation,
          method,
          "it returns a Flow; a suspend fun collapses on the one value it returns",
          "Return a List (toList() collects a Flow into one), or remove @"
              + annotation
              + " from the method.");
    }
    return ReturnKind.SUSPEND;
  }

  /**
   * Returns whether {@code method}, a {@code suspend fun}, returns {@code Unit}: nothing to share,
   * like a {@code void} method.
   */
  static boolean returnsUnit(Method method) {
    if (!KotlinDetector.isKotlinReflectPresent()) {
      // Spring reads a suspend fun's return type with it; check says what is missing
      return false;
    }
    Class<?> returned = ResolvableType.forMethodReturnType(method).resolve(Object.class);
    return returned == void.class || returned.getName().equals("kotlin.Unit");
  }

  /** Returns the arguments of a call of a {@code suspend fun} without the continuation. */
  static @Nullable Object[] arguments(@Nullable Object[] withContinuation) {
    return Arrays.copyOf(withContinuation, withContinuation.length - 1);
  }
}
