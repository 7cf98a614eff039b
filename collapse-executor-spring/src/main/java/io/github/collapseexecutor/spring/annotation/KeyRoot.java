package io.github.collapseexecutor.spring.annotation;

import java.lang.reflect.Method;
import org.jspecify.annotations.Nullable;

/**
 * The root object of a {@code @Collapsible} key expression, as {@code #root}: the same names
 * Spring's cache annotations offer.
 *
 * @param method the method called
 * @param args the arguments
 * @param target the bean the method was called on
 */
public record KeyRoot(Method method, @Nullable Object[] args, Object target) {

  /** Returns the method's name, as {@code #root.methodName}. */
  public String methodName() {
    return method.getName();
  }
}
