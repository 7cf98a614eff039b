package io.github.collapseexecutor.spring.boot.autoconfigure;

import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.http.HttpCollapseStats;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * One HTTP collapse executor that the auto-configuration created, or that an application
 * registers in {@link CollapseExecutors}: its settings and its live counters, as the
 * {@code collapse} actuator endpoint and the metrics show them.
 *
 * <pre>{@code
 * executors.register(CollapseExecutorDescriptor.builder("my-client", options, adapter.stats())
 *     .build());
 * }</pre>
 */
public final class CollapseExecutorDescriptor {

  private final String integration;
  private final HttpCollapseOptions options;
  private final HttpCollapseStats stats;
  private final Map<String, Object> settings;

  private CollapseExecutorDescriptor(Builder builder) {
    this.integration = builder.integration;
    this.options = builder.options;
    this.stats = builder.stats;
    if (stats.groups().size() != options.groups().size()) {
      throw new IllegalArgumentException(
          "stats of executor "
              + integration
              + " count "
              + stats.groups().size()
              + " collapse groups, but its options have "
              + options.groups().size()
              + "; pass the stats() of the adapter built on the options");
    }
    this.settings = Map.copyOf(builder.settings);
  }

  /**
   * Returns a builder of the executor that serves {@code integration}, built on {@code options},
   * whose counters are {@code stats}; with no other setting unless given.
   *
   * @param integration what it serves: {@code rest-template}, {@code web-client},
   *     {@code okhttp} or {@code servlet} for the auto-configured ones
   * @param options the groups, policies and limits it was built with
   * @param stats its live counters, with one child per group of {@code options}: the
   *     {@code stats()} of the adapter built on them
   */
  public static Builder builder(
      String integration, HttpCollapseOptions options, HttpCollapseStats stats) {
    return new Builder(integration, options, stats);
  }

  /** Returns what it serves, as {@code rest-template} or {@code servlet}. */
  public String integration() {
    return integration;
  }

  /** Returns the groups, policies and limits it was built with. */
  public HttpCollapseOptions options() {
    return options;
  }

  /** Returns its live counters, with one child per group of {@link #options()}. */
  public HttpCollapseStats stats() {
    return stats;
  }

  /** Returns what else configures it (the servlet filter's order, for example), by key. */
  public Map<String, Object> settings() {
    return settings;
  }

  /** Returns the executor's name, which reports and metrics carry. */
  public String name() {
    return options.name() == null ? integration : options.name();
  }

  @Override
  public boolean equals(@Nullable Object other) {
    return other instanceof CollapseExecutorDescriptor that
        && integration.equals(that.integration)
        && options.equals(that.options)
        && stats.equals(that.stats)
        && settings.equals(that.settings);
  }

  @Override
  public int hashCode() {
    return Objects.hash(integration, options, stats, settings);
  }

  @Override
  public String toString() {
    return "CollapseExecutorDescriptor[integration="
        + integration
        + ", options="
        + options
        + ", stats="
        + stats
        + ", settings="
        + settings
        + "]";
  }

  /** Builds a {@link CollapseExecutorDescriptor}. */
  public static final class Builder {

    private final String integration;
    private final HttpCollapseOptions options;
    private final HttpCollapseStats stats;
    private Map<String, Object> settings = Map.of();

    private Builder(String integration, HttpCollapseOptions options, HttpCollapseStats stats) {
      this.integration = Objects.requireNonNull(integration, "integration");
      this.options = Objects.requireNonNull(options, "options");
      this.stats = Objects.requireNonNull(stats, "stats");
    }

    /** Sets what else configures it (the servlet filter's order, for example), by key. */
    public Builder settings(Map<String, Object> settings) {
      this.settings = Objects.requireNonNull(settings, "settings");
      return this;
    }

    /**
     * Returns the descriptor.
     *
     * @throws IllegalArgumentException if the stats do not count the groups of the options
     */
    public CollapseExecutorDescriptor build() {
      return new CollapseExecutorDescriptor(this);
    }
  }
}
