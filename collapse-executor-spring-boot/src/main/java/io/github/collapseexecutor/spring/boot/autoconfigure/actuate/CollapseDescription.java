package io.github.collapseexecutor.spring.boot.autoconfigure.actuate;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.actuate.endpoint.OperationResponseBody;

/**
 * What the {@code collapse} endpoint returns.
 *
 * <p>Made by the endpoint; its JSON properties are its accessors, in the order declared here,
 * then the state of each tier behind the executors ({@link #tiers()}).
 */
@JsonPropertyOrder({
  "executors",
  "batchOptions",
  "namedExecutors",
  "coreExecutors",
  "collapsingOff",
  "recentEvents"
})
public final class CollapseDescription implements OperationResponseBody {

  private final List<ExecutorDescription> executors;
  private final @Nullable BatchOptionsDescription batchOptions;
  private final List<NamedExecutorDescription> namedExecutors;
  private final List<CoreExecutorDescription> coreExecutors;
  private final List<SwitchDescription> collapsingOff;
  private final List<RecentEvent> recentEvents;
  private final Map<String, @Nullable Object> tiers;

  CollapseDescription(
      List<ExecutorDescription> executors,
      @Nullable BatchOptionsDescription batchOptions,
      List<NamedExecutorDescription> namedExecutors,
      List<CoreExecutorDescription> coreExecutors,
      List<SwitchDescription> collapsingOff,
      List<RecentEvent> recentEvents,
      Map<String, @Nullable Object> tiers) {
    this.executors = executors;
    this.batchOptions = batchOptions;
    this.namedExecutors = namedExecutors;
    this.coreExecutors = coreExecutors;
    this.collapsingOff = collapsingOff;
    this.recentEvents = recentEvents;
    this.tiers = tiers;
  }

  /** Returns the HTTP collapse executors, in the order they were created. */
  @JsonProperty
  public List<ExecutorDescription> executors() {
    return executors;
  }

  /** Returns the options of the {@code CollapseExecutorOptions} bean, or {@code null}. */
  @JsonProperty
  public @Nullable BatchOptionsDescription batchOptions() {
    return batchOptions;
  }

  /** Returns the executors of {@code collapse.executor.executors}, by name. */
  @JsonProperty
  public List<NamedExecutorDescription> namedExecutors() {
    return namedExecutors;
  }

  /**
   * Returns the core executors the switch knows by name (executor beans, the gRPC interceptors),
   * one per name, in the order they were registered.
   */
  @JsonProperty
  public List<CoreExecutorDescription> coreExecutors() {
    return coreExecutors;
  }

  /** Returns the executors with collapsing switched off at run time. */
  @JsonProperty
  public List<SwitchDescription> collapsingOff() {
    return collapsingOff;
  }

  /** Returns the last events of the executors, newest first. */
  @JsonProperty
  public List<RecentEvent> recentEvents() {
    return recentEvents;
  }

  /**
   * Returns the state of each tier behind the executors that the auto-configuration adds, by its
   * name, which is its property in the JSON: {@code null} where the application has no such tier.
   */
  @JsonAnyGetter
  public Map<String, @Nullable Object> tiers() {
    return tiers;
  }

  @Override
  public boolean equals(@Nullable Object other) {
    return other instanceof CollapseDescription that
        && executors.equals(that.executors)
        && Objects.equals(batchOptions, that.batchOptions)
        && namedExecutors.equals(that.namedExecutors)
        && coreExecutors.equals(that.coreExecutors)
        && collapsingOff.equals(that.collapsingOff)
        && recentEvents.equals(that.recentEvents)
        && tiers.equals(that.tiers);
  }

  @Override
  public int hashCode() {
    return Objects.hash(
        executors, batchOptions, namedExecutors, coreExecutors, collapsingOff, recentEvents, tiers);
  }

  @Override
  public String toString() {
    return "CollapseDescription[executors="
        + executors
        + ", batchOptions="
        + batchOptions
        + ", namedExecutors="
        + namedExecutors
        + ", coreExecutors="
        + coreExecutors
        + ", collapsingOff="
        + collapsingOff
        + ", recentEvents="
        + recentEvents
        + ", tiers="
        + tiers
        + "]";
  }
}
