package io.github.collapseexecutor.spring.boot.autoconfigure.actuate;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * One method annotated with {@code @Collapsible} or {@code @CollapseBatch}.
 *
 * <p>Made by the endpoint; its JSON properties are its accessors, in the order declared here.
 */
@JsonPropertyOrder({"method", "name", "annotation", "executor", "batchMethod", "counts"})
public final class MethodDescription {

  private final String method;
  private final String name;
  private final String annotation;
  private final String executor;
  private final @Nullable String batchMethod;
  private final RunCounts counts;

  MethodDescription(
      String method,
      String name,
      String annotation,
      String executor,
      @Nullable String batchMethod,
      RunCounts counts) {
    this.method = method;
    this.name = name;
    this.annotation = annotation;
    this.executor = executor;
    this.batchMethod = batchMethod;
    this.counts = counts;
  }

  /** Returns the method, as {@code UserService.user(Long)}. */
  @JsonProperty
  public String method() {
    return method;
  }

  /**
   * Returns the name its own executor carries in meters, events and the switch, as {@code
   * UserService.user} (overloads share it, and their counts).
   */
  @JsonProperty
  public String name() {
    return name;
  }

  /** Returns {@code Collapsible} or {@code CollapseBatch}. */
  @JsonProperty
  public String annotation() {
    return annotation;
  }

  /** Returns the name of the named executor it uses. */
  @JsonProperty
  public String executor() {
    return executor;
  }

  /** Returns the batch method, or {@code null} for {@code Collapsible}. */
  @JsonProperty
  public @Nullable String batchMethod() {
    return batchMethod;
  }

  /** Returns its live counts. */
  @JsonProperty
  public RunCounts counts() {
    return counts;
  }

  @Override
  public boolean equals(@Nullable Object other) {
    return other instanceof MethodDescription that
        && method.equals(that.method)
        && name.equals(that.name)
        && annotation.equals(that.annotation)
        && executor.equals(that.executor)
        && Objects.equals(batchMethod, that.batchMethod)
        && counts.equals(that.counts);
  }

  @Override
  public int hashCode() {
    return Objects.hash(method, name, annotation, executor, batchMethod, counts);
  }

  @Override
  public String toString() {
    return "MethodDescription[method="
        + method
        + ", name="
        + name
        + ", annotation="
        + annotation
        + ", executor="
        + executor
        + ", batchMethod="
        + batchMethod
        + ", counts="
        + counts
        + "]";
  }
}
