package io.github.collapseexecutor.spring.boot.autoconfigure.actuate;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.actuate.endpoint.OperationResponseBody;

/**
 * One executor of {@code collapse.executor.executors}.
 *
 * <p>Made by the endpoint; its JSON properties are its accessors, in the order declared here.
 */
@JsonPropertyOrder({"name", "options", "timeoutMillis", "methods", "counts"})
public final class NamedExecutorDescription implements OperationResponseBody {

  private final String name;
  private final BatchOptionsDescription options;
  private final @Nullable Long timeoutMillis;
  private final List<MethodDescription> methods;
  private final RunCounts counts;

  NamedExecutorDescription(
      String name,
      BatchOptionsDescription options,
      @Nullable Long timeoutMillis,
      List<MethodDescription> methods,
      RunCounts counts) {
    this.name = name;
    this.options = options;
    this.timeoutMillis = timeoutMillis;
    this.methods = methods;
    this.counts = counts;
  }

  /** Returns its name. */
  @JsonProperty
  public String name() {
    return name;
  }

  /** Returns its batch options, after inheritance. */
  @JsonProperty
  public BatchOptionsDescription options() {
    return options;
  }

  /** Returns how long a caller waits, or {@code null} for no limit. */
  @JsonProperty
  public @Nullable Long timeoutMillis() {
    return timeoutMillis;
  }

  /** Returns the annotated methods that use it. */
  @JsonProperty
  public List<MethodDescription> methods() {
    return methods;
  }

  /** Returns the live counts of its methods, added up. */
  @JsonProperty
  public RunCounts counts() {
    return counts;
  }

  @Override
  public boolean equals(@Nullable Object other) {
    return other instanceof NamedExecutorDescription that
        && name.equals(that.name)
        && options.equals(that.options)
        && Objects.equals(timeoutMillis, that.timeoutMillis)
        && methods.equals(that.methods)
        && counts.equals(that.counts);
  }

  @Override
  public int hashCode() {
    return Objects.hash(name, options, timeoutMillis, methods, counts);
  }

  @Override
  public String toString() {
    return "NamedExecutorDescription[name="
        + name
        + ", options="
        + options
        + ", timeoutMillis="
        + timeoutMillis
        + ", methods="
        + methods
        + ", counts="
        + counts
        + "]";
  }
}
