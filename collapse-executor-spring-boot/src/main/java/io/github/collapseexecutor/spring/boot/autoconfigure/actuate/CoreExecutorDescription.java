package io.github.collapseexecutor.spring.boot.autoconfigure.actuate;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A core executor that the {@code collapse} endpoint switches by name: an executor bean of the
 * application's, or a gRPC interceptor, with whether it collapses now and its live counts.
 *
 * <p>Made by the endpoint; its JSON properties are its accessors, in the order declared here.
 */
@JsonPropertyOrder({"name", "collapsing", "counts"})
public final class CoreExecutorDescription {

  private final String name;
  private final boolean collapsing;
  private final RunCounts counts;

  CoreExecutorDescription(String name, boolean collapsing, RunCounts counts) {
    this.name = name;
    this.collapsing = collapsing;
    this.counts = counts;
  }

  /** Returns the executor's name, which the switch, its meters and its events carry. */
  @JsonProperty
  public String name() {
    return name;
  }

  /**
   * Returns whether its calls collapse now; false once the switch turned it off, for every
   * executor of that name.
   */
  @JsonProperty
  public boolean collapsing() {
    return collapsing;
  }

  /**
   * Returns its live counts, as reported to the application's listeners: zero for an executor
   * built without the auto-configuration's listener.
   */
  @JsonProperty
  public RunCounts counts() {
    return counts;
  }

  @Override
  public boolean equals(@Nullable Object other) {
    return other instanceof CoreExecutorDescription that
        && name.equals(that.name)
        && collapsing == that.collapsing
        && counts.equals(that.counts);
  }

  @Override
  public int hashCode() {
    return Objects.hash(name, collapsing, counts);
  }

  @Override
  public String toString() {
    return "CoreExecutorDescription[name="
        + name
        + ", collapsing="
        + collapsing
        + ", counts="
        + counts
        + "]";
  }
}
