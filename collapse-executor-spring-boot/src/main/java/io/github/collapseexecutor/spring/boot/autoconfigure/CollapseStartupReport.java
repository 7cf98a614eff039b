package io.github.collapseexecutor.spring.boot.autoconfigure;

import io.github.collapseexecutor.core.CollapseExecutor;
import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.spring.annotation.CollapseMethods;
import io.github.collapseexecutor.spring.annotation.CollapseMethods.CollapsedMethod;
import io.github.collapseexecutor.spring.boot.autoconfigure.support.ClientWiring;
import io.github.collapseexecutor.spring.boot.autoconfigure.support.Tier;
import java.util.ArrayList;
import java.util.List;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.SmartInitializingSingleton;

/**
 * Logs at DEBUG, once every bean is made, what collapse was wired to: the annotated methods and
 * the executor each uses, where each client section's adapter went (Spring Boot's builders, chosen
 * beans, HTTP service groups, beans given it by hand), the HTTP executors with their groups (the
 * servlet and WebFlux filters among them, with their order and patterns), the core executors (the
 * gRPC interceptors among them) and the tiers behind them ({@link Tier}). Turn it on with
 * {@code logging.level.io.github.collapseexecutor=debug}.
 */
final class CollapseStartupReport implements SmartInitializingSingleton {

  private static final System.Logger LOG = System.getLogger(CollapseStartupReport.class.getName());

  private final CollapseExecutors executors;
  private final ObjectProvider<ClientWiring> clients;
  private final ObjectProvider<CollapseMethods> methods;
  private final ObjectProvider<Tier> tiers;

  CollapseStartupReport(
      CollapseExecutors executors,
      ObjectProvider<ClientWiring> clients,
      ObjectProvider<CollapseMethods> methods,
      ObjectProvider<Tier> tiers) {
    this.executors = executors;
    this.clients = clients;
    this.methods = methods;
    this.tiers = tiers;
  }

  @Override
  public void afterSingletonsInstantiated() {
    if (LOG.isLoggable(System.Logger.Level.DEBUG)) {
      LOG.log(System.Logger.Level.DEBUG, String.join(System.lineSeparator(), lines()));
    }
  }

  /** The report, one line for each thing wired. */
  List<String> lines() {
    List<String> lines = new ArrayList<>();
    lines.add("Collapse wiring:");
    List<CollapsedMethod> annotated =
        methods.stream().flatMap(registry -> registry.list().stream()).toList();
    lines.add("  annotated methods: " + (annotated.isEmpty() ? "none" : ""));
    annotated.forEach(
        method ->
            lines.add(
                "    "
                    + method.method()
                    + " @"
                    + method.annotation()
                    + ", executor "
                    + method.executor()
                    + ", meters and switch name "
                    + method.executorName()));
    lines.add("  clients:" + (clients.stream().findAny().isEmpty() ? " none" : ""));
    clients.orderedStream().forEach(client -> lines.add("    " + client.describe()));
    lines.add("  HTTP executors:" + (executors.list().isEmpty() ? " none" : ""));
    for (CollapseExecutorDescriptor executor : executors.list()) {
      lines.add(
          "    "
              + executor.name()
              + " ("
              + executor.integration()
              + "), groups "
              + executor.options().groups().stream().map(CollapseGroup::name).toList()
              + (executor.settings().isEmpty() ? "" : ", " + executor.settings()));
    }
    List<String> cores =
        executors.coreExecutors().stream().map(CollapseExecutor::name).distinct().toList();
    lines.add("  core executors: " + (cores.isEmpty() ? "none" : cores));
    tiers
        .orderedStream()
        .forEach(tier -> lines.add("  " + tier.name() + " tier: " + tier.wired().get()));
    return lines;
  }
}
