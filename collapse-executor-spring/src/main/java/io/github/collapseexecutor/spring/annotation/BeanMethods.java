package io.github.collapseexecutor.spring.annotation;

import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;
import org.springframework.aop.support.AopUtils;
import org.springframework.core.BridgeMethodResolver;
import org.springframework.core.ResolvableType;

/**
 * The annotated methods of one bean, each with its advice, as the bean's proxy finds them for a
 * call. A call names the method it was made through, which may be another declaration of an
 * annotated one: the class's own method behind an interface method (a JDK proxy of a class), a
 * bridge method, or the generic method of a super-interface that a repository interface declares
 * again with its own types ({@code CrudRepository.findById(Object)} for
 * {@code UserRepository.findById(Long)}). Each such method is resolved once.
 */
final class BeanMethods {

  private final Map<Method, MethodAdvice> declared;
  private final Map<Method, Optional<MethodAdvice>> resolved = new ConcurrentHashMap<>();

  /** Creates the lookup of {@code declared}: each annotated method found, with its advice. */
  BeanMethods(Map<Method, MethodAdvice> declared) {
    this.declared = Map.copyOf(declared);
  }

  /** Returns whether the bean has no annotated method. */
  boolean isEmpty() {
    return declared.isEmpty();
  }

  /** Returns the annotated methods, each with its advice. */
  Map<Method, MethodAdvice> declared() {
    return declared;
  }

  /**
   * Returns the advice of {@code method} called on an object of {@code targetClass}, or
   * {@code null} if the call is not advised.
   */
  @Nullable MethodAdvice find(Method method, @Nullable Class<?> targetClass) {
    MethodAdvice advice = declared.get(method);
    if (advice != null || declared.isEmpty()) {
      return advice;
    }
    return resolved
        .computeIfAbsent(method, called -> Optional.ofNullable(resolve(called, targetClass)))
        .orElse(null);
  }

  private @Nullable MethodAdvice resolve(Method method, @Nullable Class<?> targetClass) {
    if (targetClass != null) {
      Method specific =
          BridgeMethodResolver.findBridgedMethod(
              AopUtils.getMostSpecificMethod(method, targetClass));
      MethodAdvice advice = declared.get(specific);
      if (advice != null) {
        return advice;
      }
    }
    for (Map.Entry<Method, MethodAdvice> candidate : declared.entrySet()) {
      if (overrides(candidate.getKey(), method)) {
        return candidate.getValue();
      }
    }
    return null;
  }

  /**
   * Whether {@code declaration}, a method of a sub-interface, declares {@code method} again: same
   * name, and parameters that are {@code method}'s as the sub-interface resolves them.
   */
  private static boolean overrides(Method declaration, Method method) {
    Class<?> owner = declaration.getDeclaringClass();
    if (declaration.equals(method)
        || !declaration.getName().equals(method.getName())
        || declaration.getParameterCount() != method.getParameterCount()
        || !method.getDeclaringClass().isAssignableFrom(owner)) {
      return false;
    }
    Class<?>[] resolvedParameters = new Class<?>[method.getParameterCount()];
    for (int i = 0; i < resolvedParameters.length; i++) {
      resolvedParameters[i] = ResolvableType.forMethodParameter(method, i, owner).toClass();
    }
    return Arrays.equals(resolvedParameters, declaration.getParameterTypes());
  }
}
