package io.github.collapseexecutor.spring.boot.autoconfigure;

import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.http.HttpCollapseStats;
import java.util.Map;
import java.util.Objects;

/**
 * One HTTP collapse executor that the auto-configuration created: its settings and its live
 * counters, as the {@code collapse} actuator endpoint and the metrics show them.
 *
 * @param integration what it serves: {@code rest-template}, {@code web-client}, {@code okhttp} or
 *     {@code servlet}
 * @param options the groups, policies and limits it was built with
 * @param stats its live counters, with one child per group of {@code options}
 * @param settings what else configures it (the servlet filter's order, for example), by key
 */
public record CollapseExecutorDescriptor(String integration, HttpCollapseOptions options,
    HttpCollapseStats stats, Map<String, Object> settings) {

  /**
   * Checks and copies the arguments.
   *
   * @throws IllegalArgumentException if {@code stats} do not count the groups of {@code options}
   */
  public CollapseExecutorDescriptor {
    Objects.requireNonNull(integration, "integration");
    Objects.requireNonNull(options, "options");
    Objects.requireNonNull(stats, "stats");
    if (stats.groups().size() != options.groups().size()) {
      throw new IllegalArgumentException("stats of executor " + integration + " count "
          + stats.groups().size() + " collapse groups, but its options have "
          + options.groups().size() + "; pass the stats() of the adapter built on the options");
    }
    settings = Map.copyOf(settings);
  }

  /** Returns the executor's name, which reports and metrics carry. */
  public String name() {
    return options.name() == null ? integration : options.name();
  }
}
