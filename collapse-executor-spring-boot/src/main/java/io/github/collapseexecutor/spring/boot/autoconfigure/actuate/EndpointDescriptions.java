package io.github.collapseexecutor.spring.boot.autoconfigure.actuate;

import io.github.collapseexecutor.core.CollapseExecutorOptions;
import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.CollapsePolicy;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.http.HttpCollapseStats;
import io.github.collapseexecutor.spring.NamedExecutor;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorDescriptor;
import io.github.collapseexecutor.spring.boot.autoconfigure.actuate.CollapseDescription.BatchOptionsDescription;
import io.github.collapseexecutor.spring.boot.autoconfigure.actuate.CollapseDescription.ExecutorDescription;
import io.github.collapseexecutor.spring.boot.autoconfigure.actuate.CollapseDescription.GroupDescription;
import io.github.collapseexecutor.spring.boot.autoconfigure.actuate.CollapseDescription.MethodDescription;
import io.github.collapseexecutor.spring.boot.autoconfigure.actuate.CollapseDescription.NamedExecutorDescription;
import io.github.collapseexecutor.spring.boot.autoconfigure.actuate.CollapseDescription.RunCounts;
import io.github.collapseexecutor.spring.boot.autoconfigure.actuate.CollapseDescription.Traffic;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/** Turns the executors' options and live counters into what {@link CollapseEndpoint} returns. */
final class EndpointDescriptions {

  private EndpointDescriptions() {}

  static NamedExecutorDescription describe(
      NamedExecutor executor, List<MethodDescription> methods) {
    List<MethodDescription> using =
        methods.stream().filter(method -> method.executor().equals(executor.name())).toList();
    RunCounts counts =
        using.stream()
            .collect(
                Collectors.toMap(
                    MethodDescription::name, MethodDescription::counts, (same, overload) -> same))
            .values()
            .stream()
            .reduce(RunCounts.NONE, RunCounts::plus);
    return new NamedExecutorDescription(
        executor.name(),
        describe(executor.options()),
        executor.timeout() == null ? null : executor.timeout().toMillis(),
        using,
        counts);
  }

  static ExecutorDescription describe(CollapseExecutorDescriptor executor) {
    HttpCollapseOptions options = executor.options();
    HttpCollapseStats stats = executor.stats();
    Traffic traffic = Traffic.of(stats, options.observeOnly());
    List<GroupDescription> groups = new ArrayList<>();
    for (int i = 0; i < options.groups().size(); i++) {
      groups.add(
          describe(
              options.groups().get(i),
              options.policies(),
              Traffic.of(stats.groups().get(i), options.observeOnly())));
    }
    return new ExecutorDescription(
        executor.name(),
        executor.integration(),
        traffic,
        options.maxBodyBytes(),
        sorted(options.sensitiveHeaders()),
        sorted(options.sensitiveHeaderPatterns()),
        sorted(options.nonSensitiveHeaders()),
        options.waitTimeout().toMillis(),
        options.hitForPassTtl().toMillis(),
        options.varyTtl().toMillis(),
        groups,
        executor.settings());
  }

  private static GroupDescription describe(
      CollapseGroup group, Map<String, CollapsePolicy> policies, Traffic traffic) {
    CollapsePolicy policy =
        group.collapsePolicyName() == null
            ? CollapsePolicy.DEFAULT
            // the options were built, so every policy a group names is defined
            : policies.getOrDefault(group.collapsePolicyName(), CollapsePolicy.DEFAULT);
    return new GroupDescription(group, policy, traffic);
  }

  private static List<String> sorted(Set<String> names) {
    return new TreeSet<>(names).stream().toList();
  }

  static BatchOptionsDescription describe(CollapseExecutorOptions options) {
    return new BatchOptionsDescription(
        options.waitThreshold(),
        options.collectingWaitTime().toMillis(),
        options.maxBatchSize(),
        options.maxConcurrentBatches(),
        options.adaptiveConcurrency(),
        options.maxPendingInputs());
  }
}
