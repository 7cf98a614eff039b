package io.github.collapseexecutor.spring.annotation;

import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * One annotated method, as the {@code collapse} endpoint shows it.
 *
 * <p>Made by the library for each annotated method ({@link CollapseMethods#list()}); equal when
 * everything it shows is.
 */
public final class CollapsedMethod {

  private final String method;
  private final String annotation;
  private final String executor;
  private final @Nullable String batchMethod;

  CollapsedMethod(String method, String annotation, String executor, @Nullable String batchMethod) {
    this.method = method;
    this.annotation = annotation;
    this.executor = executor;
    this.batchMethod = batchMethod;
  }

  /** Returns the method, as {@code UserService.user(Long)}. */
  public String method() {
    return method;
  }

  /** Returns {@code Collapsible} or {@code CollapseBatch}. */
  public String annotation() {
    return annotation;
  }

  /** Returns the name of the executor of {@code collapse.executor.executors} it uses. */
  public String executor() {
    return executor;
  }

  /** Returns the batch method, or {@code null} for {@code Collapsible}. */
  public @Nullable String batchMethod() {
    return batchMethod;
  }

  /**
   * Returns the name the method's own executor carries in meters, observations and events, as
   * {@code UserService.user}: the method without its parameters, so overloads share it.
   */
  public String executorName() {
    int parameters = method.indexOf('(');
    return parameters < 0 ? method : method.substring(0, parameters);
  }

  @Override
  public boolean equals(@Nullable Object other) {
    return other instanceof CollapsedMethod that
        && method.equals(that.method)
        && annotation.equals(that.annotation)
        && executor.equals(that.executor)
        && Objects.equals(batchMethod, that.batchMethod);
  }

  @Override
  public int hashCode() {
    return Objects.hash(method, annotation, executor, batchMethod);
  }

  @Override
  public String toString() {
    return "CollapsedMethod[method="
        + method
        + ", annotation="
        + annotation
        + ", executor="
        + executor
        + ", batchMethod="
        + batchMethod
        + "]";
  }
}
