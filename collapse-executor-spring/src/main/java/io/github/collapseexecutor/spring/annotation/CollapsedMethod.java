package io.github.collapseexecutor.spring.annotation;

import org.jspecify.annotations.Nullable;

/**
 * One annotated method, as the {@code collapse} endpoint shows it.
 *
 * @param method the method, as {@code UserService.user(Long)}
 * @param annotation {@code Collapsible} or {@code CollapseBatch}
 * @param executor the name of the executor of {@code collapse.executor.executors} it uses
 * @param batchMethod the batch method, or {@code null} for {@code Collapsible}
 */
public record CollapsedMethod(String method, String annotation, String executor,
    @Nullable String batchMethod) {

  /**
   * Returns the name the method's own executor carries in meters, observations and events, as
   * {@code UserService.user}: the method without its parameters, so overloads share it.
   */
  public String executorName() {
    int parameters = method.indexOf('(');
    return parameters < 0 ? method : method.substring(0, parameters);
  }
}
