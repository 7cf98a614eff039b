package io.github.collapseexecutor.spring.annotation.internal;

import java.lang.reflect.Method;

/** The startup error of an annotated method that cannot be collapsed. */
final class Unsupported {

  private Unsupported() {}

  static IllegalStateException method(String annotation, Method method, String reason) {
    return new IllegalStateException(
        "@" + annotation + " on " + MethodNames.of(method) + " cannot be collapsed: " + reason);
  }
}
