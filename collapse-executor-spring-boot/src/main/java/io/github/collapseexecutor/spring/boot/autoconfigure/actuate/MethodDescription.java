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
@JsonPropertyOrder({
  "method",
  "name",
  "annotation",
  "executor",
  "batchMethod",
  "counts",
  "runMillisP50",
  "copyMillisP50"
})
public final class MethodDescription {

  private final String method;
  private final String name;
  private final String annotation;
  private final String executor;
  private final @Nullable String batchMethod;
  private final RunCounts counts;
  private final @Nullable Double runMillisP50;
  private final @Nullable Double copyMillisP50;

  MethodDescription(
      String method,
      String name,
      String annotation,
      String executor,
      @Nullable String batchMethod,
      RunCounts counts,
      @Nullable Double runMillisP50,
      @Nullable Double copyMillisP50) {
    this.method = method;
    this.name = name;
    this.annotation = annotation;
    this.executor = executor;
    this.batchMethod = batchMethod;
    this.counts = counts;
    this.runMillisP50 = runMillisP50;
    this.copyMillisP50 = copyMillisP50;
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

  /**
   * Returns the median time of its recent runs, in milliseconds (of a batch method's calls, for
   * {@code CollapseBatch}), or {@code null} before the first.
   */
  @JsonProperty
  public @Nullable Double runMillisP50() {
    return runMillisP50;
  }

  /**
   * Returns the median time of the recent copies of its results made for the callers that joined
   * a run, in milliseconds, or {@code null} before the first: against {@link #runMillisP50}, what
   * a caller that joined pays instead of a run.
   */
  @JsonProperty
  public @Nullable Double copyMillisP50() {
    return copyMillisP50;
  }

  @Override
  public boolean equals(@Nullable Object other) {
    return other instanceof MethodDescription that
        && method.equals(that.method)
        && name.equals(that.name)
        && annotation.equals(that.annotation)
        && executor.equals(that.executor)
        && Objects.equals(batchMethod, that.batchMethod)
        && counts.equals(that.counts)
        && Objects.equals(runMillisP50, that.runMillisP50)
        && Objects.equals(copyMillisP50, that.copyMillisP50);
  }

  @Override
  public int hashCode() {
    return Objects.hash(
        method, name, annotation, executor, batchMethod, counts, runMillisP50, copyMillisP50);
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
        + ", runMillisP50="
        + runMillisP50
        + ", copyMillisP50="
        + copyMillisP50
        + "]";
  }
}
