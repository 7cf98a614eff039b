package io.github.collapseexecutor.spring.annotation;

import java.lang.reflect.Method;
import org.springframework.core.ResolvableType;

/**
 * An annotated method where a bean has it: on the bean's class, or on an interface that a proxy
 * of the bean exposes (a repository interface), which resolves the method's generic types and
 * names it.
 *
 * @param method the method
 * @param context the bean's class or the interface it was found on
 */
record MethodSite(Method method, Class<?> context) {

  /** Returns the method as a reader finds it: {@code UserRepository.findById(Long)}. */
  String shown() {
    return MethodNames.of(method, context);
  }

  /** Returns the name the method's executor carries: {@code UserRepository.findById}. */
  String executorName() {
    return MethodNames.executorName(method, context);
  }

  /** Returns the method's return type, resolved in its context. */
  ResolvableType returnType() {
    return ResolvableType.forMethodReturnType(method, context);
  }
}
