package io.github.collapseexecutor.spring.annotation;

import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.stream.Collectors;

/** Names methods in messages the way a reader finds them: {@code UserService.user(Long)}. */
final class MethodNames {

  private MethodNames() {}

  static String of(Method method) {
    return method.getDeclaringClass().getSimpleName() + "." + method.getName()
        + Arrays.stream(method.getParameterTypes()).map(Class::getSimpleName)
            .collect(Collectors.joining(", ", "(", ")"));
  }

  /** Returns the name of an executor made for {@code method}, as reports and metrics carry it. */
  static String executorName(Method method) {
    return method.getDeclaringClass().getSimpleName() + "." + method.getName();
  }
}
