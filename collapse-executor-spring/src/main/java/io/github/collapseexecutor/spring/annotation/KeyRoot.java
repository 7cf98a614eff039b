package io.github.collapseexecutor.spring.annotation;

import java.lang.reflect.Method;
import org.jspecify.annotations.Nullable;

/**
 * The root object of a {@code @Collapsible} key expression, as {@code #root}: the same names
 * Spring's cache annotations offer ({@code #root.method}, {@code #root.methodName},
 * {@code #root.args}, {@code #root.target}). Made by the library for each call.
 */
public final class KeyRoot {

  private final Method method;
  private final @Nullable Object[] args;
  private final Object target;

  KeyRoot(Method method, @Nullable Object[] args, Object target) {
    this.method = method;
    this.args = args;
    this.target = target;
  }

  /** Returns the method called, as {@code #root.method}. */
  public Method method() {
    return method;
  }

  /** Returns the method's name, as {@code #root.methodName}. */
  public String methodName() {
    return method.getName();
  }

  /** Returns the arguments, as {@code #root.args}. */
  public @Nullable Object[] args() {
    return args;
  }

  /** Returns the bean the method was called on, as {@code #root.target}. */
  public Object target() {
    return target;
  }
}
