package io.github.collapseexecutor.spring.boot.autoconfigure.actuate;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * Whether an executor collapses, as the {@code collapse} endpoint's write operation answers and its
 * {@code collapsingOff} list shows.
 *
 * <p>Made by the endpoint; its JSON properties are its accessors, in the order declared here.
 */
@JsonPropertyOrder({"executor", "groups", "collapsing"})
public final class SwitchDescription {

  private final String executor;
  private final List<String> groups;
  private final boolean collapsing;

  SwitchDescription(String executor, List<String> groups, boolean collapsing) {
    this.executor = executor;
    this.groups = groups;
    this.collapsing = collapsing;
  }

  /** Returns the named executor's or the HTTP adapter's name. */
  @JsonProperty
  public String executor() {
    return executor;
  }

  /**
   * Returns the names of an HTTP adapter's collapse groups concerned; empty for a named executor.
   */
  @JsonProperty
  public List<String> groups() {
    return groups;
  }

  /** Returns whether their calls collapse now. */
  @JsonProperty
  public boolean collapsing() {
    return collapsing;
  }

  @Override
  public boolean equals(@Nullable Object other) {
    return other instanceof SwitchDescription that
        && executor.equals(that.executor)
        && groups.equals(that.groups)
        && collapsing == that.collapsing;
  }

  @Override
  public int hashCode() {
    return Objects.hash(executor, groups, collapsing);
  }

  @Override
  public String toString() {
    return "SwitchDescription[executor="
        + executor
        + ", groups="
        + groups
        + ", collapsing="
        + collapsing
        + "]";
  }
}
