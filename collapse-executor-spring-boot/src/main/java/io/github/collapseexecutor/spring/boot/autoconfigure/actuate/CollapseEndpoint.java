package io.github.collapseexecutor.spring.boot.autoconfigure.actuate;

import io.github.collapseexecutor.core.CollapseExecutor;
import io.github.collapseexecutor.core.CollapseExecutorOptions;
import io.github.collapseexecutor.spring.NamedExecutors;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutors;
import io.github.collapseexecutor.spring.boot.autoconfigure.actuate.CollapseDescription.CoreExecutorDescription;
import io.github.collapseexecutor.spring.boot.autoconfigure.actuate.CollapseDescription.ExecutorDescription;
import io.github.collapseexecutor.spring.boot.autoconfigure.actuate.CollapseDescription.MethodDescription;
import io.github.collapseexecutor.spring.boot.autoconfigure.actuate.CollapseDescription.NamedExecutorDescription;
import io.github.collapseexecutor.spring.boot.autoconfigure.actuate.CollapseDescription.RunCounts;
import io.github.collapseexecutor.spring.boot.autoconfigure.actuate.CollapseDescription.SwitchDescription;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.actuate.endpoint.Access;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import org.springframework.boot.actuate.endpoint.annotation.Selector;
import org.springframework.boot.actuate.endpoint.annotation.WriteOperation;

/**
 * The {@code collapse} actuator endpoint: each HTTP collapse executor with its settings and live
 * counts, each of its collapse groups with its policy and live counts, the batch executor
 * options, the named executors of {@code collapse.executor.executors} with the annotated methods
 * that use them, the core executors (executor beans, the gRPC interceptors), what is switched off,
 * and the recent events; {@code /actuator/collapse/{name}} shows one named executor (over HTTP,
 * else the HTTP or core executor of that name), and a POST to it turns collapsing off or on; and
 * the state of each tier behind the executors. The counts are read when the endpoint is,
 * one counter at a time, so under load they may be off by the requests that finished meanwhile.
 *
 * <p>Read-only unless the application grants more: the switch is a write operation, which Spring
 * Boot leaves out until {@code management.endpoint.collapse.access} is {@code unrestricted}, so
 * that exposing every endpoint ({@code management.endpoints.web.exposure.include=*}) does not let
 * whoever reaches the actuator turn collapsing off.
 */
@Endpoint(id = "collapse", defaultAccess = Access.READ_ONLY)
public final class CollapseEndpoint {

  private final CollapseExecutors executors;
  private final @Nullable CollapseExecutorOptions options;
  private final @Nullable NamedExecutors named;
  private final Supplier<List<MethodDescription>> methods;
  private final CollapseSwitches switches;
  private final @Nullable RecentCollapseEvents events;
  private final Supplier<Map<String, @Nullable Object>> tiers;
  private final Function<String, RunCounts> counts;

  /**
   * Creates the endpoint without named executors, switches, recent events or tiers: an
   * application's own {@code collapse} endpoint bean, which the auto-configuration backs off for.
   *
   * @param options the batch executor options to show, or {@code null} for none
   */
  public CollapseEndpoint(CollapseExecutors executors, @Nullable CollapseExecutorOptions options) {
    this(
        executors,
        options,
        null,
        List::of,
        new CollapseSwitches(executors, null, () -> null),
        null,
        Map::of,
        name -> RunCounts.NONE);
  }

  /**
   * Creates the endpoint.
   *
   * @param named the named executors to show, or {@code null} for none
   * @param methods the annotated methods, each with the named executor it uses
   * @param switches what the write operation turns off and on
   * @param events the recent events to show, or {@code null} when none are recorded
   * @param tiers the state of each tier behind the executors now, by name
   * @param counts the live counts of the executor of a name
   */
  CollapseEndpoint(
      CollapseExecutors executors,
      @Nullable CollapseExecutorOptions options,
      @Nullable NamedExecutors named,
      Supplier<List<MethodDescription>> methods,
      CollapseSwitches switches,
      @Nullable RecentCollapseEvents events,
      Supplier<Map<String, @Nullable Object>> tiers,
      Function<String, RunCounts> counts) {
    this.tiers = Objects.requireNonNull(tiers, "tiers");
    this.counts = Objects.requireNonNull(counts, "counts");
    this.executors = Objects.requireNonNull(executors, "executors");
    this.options = options;
    this.named = named;
    this.methods = Objects.requireNonNull(methods, "methods");
    this.switches = Objects.requireNonNull(switches, "switches");
    this.events = events;
  }

  /** Returns every executor with its settings and counts. */
  @ReadOperation
  public CollapseDescription collapse() {
    List<ExecutorDescription> described =
        executors.list().stream().map(EndpointDescriptions::describe).toList();
    List<MethodDescription> annotated = methods.get();
    List<NamedExecutorDescription> namedExecutors =
        named == null
            ? List.of()
            : named.list().stream()
                .map(executor -> EndpointDescriptions.describe(executor, annotated))
                .toList();
    return new CollapseDescription(
        described,
        options == null ? null : EndpointDescriptions.describe(options),
        namedExecutors,
        coreExecutors(),
        switches.off(),
        events == null ? List.of() : events.list(),
        tiers.get());
  }

  /** Describes the registered core executors, one per name: off when any of that name is. */
  List<CoreExecutorDescription> coreExecutors() {
    Map<String, Boolean> collapsing = new LinkedHashMap<>();
    for (CollapseExecutor executor : executors.coreExecutors()) {
      collapsing.merge(executor.name(), executor.isCollapsing(), Boolean::logicalAnd);
    }
    List<CoreExecutorDescription> described = new ArrayList<>();
    collapsing.forEach(
        (name, on) -> described.add(new CoreExecutorDescription(name, on, counts.apply(name))));
    return described;
  }

  /**
   * Turns collapsing off or on at run time: for the annotated methods of the named executor
   * {@code name} and the core executors named {@code name} (every executor bean registers
   * itself); for the HTTP adapter {@code name} (every group, or only the one named
   * {@code group}); or for the collapse groups named {@code name} in every HTTP adapter. Returns
   * what was switched, one entry per executor; an unknown name or group is a bad request (400
   * over HTTP).
   *
   * <p>{@code group} carries Spring's own {@code @Nullable} beside JSpecify's: Spring Boot 3's
   * actuator reads only Spring's to tell an optional parameter, and without it refuses a request
   * that names no group (400) instead of switching every group; Spring Boot 4 reads either.
   */
  @WriteOperation
  @SuppressWarnings("deprecation") // Spring's @Nullable is deprecated in Spring Framework 7 only
  public List<SwitchDescription> switchCollapsing(
      @Selector String name,
      boolean collapsing,
      @org.springframework.lang.Nullable @Nullable String group) {
    return switches.turn(name, group, collapsing);
  }

  /**
   * Returns the named executor {@code name}, or {@code null} (a 404 over HTTP) when none has that
   * name.
   */
  @ReadOperation
  public @Nullable NamedExecutorDescription executor(@Selector String name) {
    if (named == null || !named.contains(name)) {
      return null;
    }
    return EndpointDescriptions.describe(named.get(name), methods.get());
  }
}
