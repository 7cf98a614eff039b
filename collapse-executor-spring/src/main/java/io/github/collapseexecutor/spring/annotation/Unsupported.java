package io.github.collapseexecutor.spring.annotation;

import java.lang.reflect.Method;

/** The startup error of an annotated method that cannot be collapsed. */
final class Unsupported {

  private Unsupported() {}

  /**
   * Returns the error of {@code method}, annotated with {@code annotation}: {@code reason} says
   * what is wrong, {@code action} what to change.
   */
  static MisconfiguredMethodException method(
      String annotation, Method method, String reason, String action) {
    return new MisconfiguredMethodException(
        annotation, MethodNames.of(method), reason, action, null);
  }
}
