package io.github.collapseexecutor.spring.annotation;

import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.stream.Collectors;

/** Names methods in messages the way a reader finds them: {@code UserService.user(Long)}. */
final class MethodNames {

  private MethodNames() {}

  static String of(Method method) {
    return of(method, method.getDeclaringClass());
  }

  /**
   * Returns the name of {@code method} found on {@code context}: an interface names the methods
   * it inherits ({@code UserRepository.findAll()}, not {@code CrudRepository.findAll()}), as each
   * repository interface is a method of its own; a class names the class that declares it.
   */
  static String of(Method method, Class<?> context) {
    return owner(method, context)
        + "."
        + method.getName()
        + Arrays.stream(method.getParameterTypes())
            .map(Class::getSimpleName)
            .collect(Collectors.joining(", ", "(", ")"));
  }

  /** Returns the name of an executor made for {@code method}, as reports and metrics carry it. */
  static String executorName(Method method, Class<?> context) {
    return owner(method, context) + "." + method.getName();
  }

  private static String owner(Method method, Class<?> context) {
    return (context.isInterface() ? context : method.getDeclaringClass()).getSimpleName();
  }
}
