package io.github.collapseexecutor.spring.boot.autoconfigure.actuate;

import io.github.collapseexecutor.core.CollapseExecutor;
import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.CollapseSwitch;
import io.github.collapseexecutor.spring.NamedExecutors;
import io.github.collapseexecutor.spring.annotation.CollapseMethods;
import io.github.collapseexecutor.spring.annotation.CollapseMethods.CollapsedMethod;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorDescriptor;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutors;
import io.github.collapseexecutor.spring.boot.autoconfigure.actuate.CollapseDescription.SwitchDescription;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.actuate.endpoint.InvalidEndpointRequestException;

/**
 * Turns collapsing off and on at run time for the {@code collapse} endpoint: the groups of an HTTP
 * adapter through its {@link CollapseSwitch}, the annotated methods of a named executor through
 * {@link CollapseMethods}, and the core executors registered in {@link CollapseExecutors} (every
 * executor bean) through {@link CollapseExecutor#setCollapsing}.
 */
final class CollapseSwitches {

  private final CollapseExecutors http;
  private final @Nullable NamedExecutors named;
  private final Supplier<@Nullable CollapseMethods> methods;

  /**
   * Creates the switches.
   *
   * @param named the named executors, or {@code null} for none
   * @param methods the annotated methods; supplies {@code null} when annotations are off
   */
  CollapseSwitches(
      CollapseExecutors http,
      @Nullable NamedExecutors named,
      Supplier<@Nullable CollapseMethods> methods) {
    this.http = Objects.requireNonNull(http, "http");
    this.named = named;
    this.methods = Objects.requireNonNull(methods, "methods");
  }

  /**
   * Turns collapsing on or off for {@code name}, the first that fits of: (when no group is given)
   * the annotated methods whose own executor is named {@code name} (as {@code UserService.user},
   * the name meters and events carry), or a named executor's annotated methods, together with
   * the core executors of that name; an HTTP
   * adapter's groups, all of them or only the one named {@code group}; the collapse groups named
   * {@code name}, in every HTTP adapter that has one.
   *
   * @return what is switched, one entry per executor
   * @throws InvalidEndpointRequestException (a 400 over HTTP) if nothing has that name, the
   *     group is not one of the adapter's, or annotations are off for a named executor that no
   *     core executor shares its name with
   */
  List<SwitchDescription> turn(String name, @Nullable String group, boolean collapsing) {
    if (group == null && turnExecutors(name, collapsing)) {
      return List.of(new SwitchDescription(name, List.of(), collapsing));
    }
    CollapseExecutorDescriptor adapter = httpExecutor(name);
    if (adapter != null) {
      List<CollapseGroup> groups =
          adapter.options().groups().stream()
              .filter(candidate -> group == null || candidate.name().equals(group))
              .toList();
      if (groups.isEmpty()) {
        String message =
            "HTTP executor '"
                + name
                + "' has no collapse group named '"
                + group
                + "'; its groups: "
                + names(adapter.options().groups());
        throw new InvalidEndpointRequestException(message, message);
      }
      return List.of(turn(adapter, groups, collapsing));
    }
    List<SwitchDescription> switched = new ArrayList<>();
    if (group == null) {
      for (CollapseExecutorDescriptor each : http.list()) {
        List<CollapseGroup> groups =
            each.options().groups().stream()
                .filter(candidate -> candidate.name().equals(name))
                .toList();
        if (!groups.isEmpty()) {
          switched.add(turn(each, groups, collapsing));
        }
      }
    }
    if (switched.isEmpty()) {
      String message =
          "no named executor, annotated method, core executor, HTTP executor or"
              + " collapse group is named '"
              + name
              + "'; "
              + switchable();
      throw new InvalidEndpointRequestException(message, message);
    }
    return switched;
  }

  /** Returns the HTTP executor named {@code name}, or {@code null} if none is. */
  @Nullable CollapseExecutorDescriptor httpExecutor(String name) {
    for (CollapseExecutorDescriptor executor : http.list()) {
      if (executor.name().equals(name)) {
        return executor;
      }
    }
    return null;
  }

  /** Says every name the switch takes, by kind, for the message of a name it does not know. */
  String switchable() {
    CollapseMethods annotated = methods.get();
    List<String> methodNames =
        annotated == null
            ? List.of()
            : annotated.list().stream().map(CollapsedMethod::executorName).distinct().toList();
    List<String> groups =
        http.list().stream()
            .flatMap(adapter -> adapter.options().groups().stream().map(CollapseGroup::name))
            .distinct()
            .toList();
    return "named executors: "
        + (named == null ? List.of() : List.copyOf(named.names()))
        + ", annotated methods: "
        + methodNames
        + ", core executors: "
        + http.coreExecutors().stream().map(CollapseExecutor::name).distinct().toList()
        + ", HTTP executors: "
        + http.list().stream().map(CollapseExecutorDescriptor::name).toList()
        + ", collapse groups: "
        + groups;
  }

  private static SwitchDescription turn(
      CollapseExecutorDescriptor adapter, List<CollapseGroup> groups, boolean collapsing) {
    CollapseSwitch collapseSwitch = adapter.options().collapseSwitch();
    for (CollapseGroup group : groups) {
      if (collapsing) {
        collapseSwitch.turnOn(group);
      } else {
        collapseSwitch.turnOff(group);
      }
    }
    return new SwitchDescription(adapter.name(), names(groups), collapsing);
  }

  private static List<String> names(List<CollapseGroup> groups) {
    return groups.stream().map(CollapseGroup::name).toList();
  }

  /**
   * Turns the annotated methods of the named executor {@code name} and the core executors named
   * {@code name}; false if there are neither.
   */
  private boolean turnExecutors(String name, boolean collapsing) {
    List<CollapseExecutor> cores =
        http.coreExecutors().stream().filter(executor -> executor.name().equals(name)).toList();
    cores.forEach(executor -> executor.setCollapsing(collapsing));
    CollapseMethods annotated = methods.get();
    if (annotated != null && annotated.hasMethodNamed(name)) {
      annotated.collapsing(name, collapsing);
      return true;
    }
    if (named == null || !named.contains(name)) {
      return !cores.isEmpty();
    }
    if (annotated != null) {
      annotated.collapsing(name, collapsing);
    } else if (cores.isEmpty()) {
      String message =
          "named executor '"
              + name
              + "' runs no annotated method: annotations are"
              + " off (collapse.executor.annotations.enabled=false); "
              + switchable();
      throw new InvalidEndpointRequestException(message, message);
    }
    return true;
  }

  /**
   * Returns every executor with something switched off: named executors, by name, then the core
   * executors that share no name with one, by name, then the HTTP adapters.
   */
  List<SwitchDescription> off() {
    Set<String> executorsOff = new LinkedHashSet<>();
    CollapseMethods annotated = methods.get();
    if (named != null && annotated != null) {
      named.names().stream()
          .filter(name -> !annotated.isCollapsing(name))
          .forEach(executorsOff::add);
    }
    if (annotated != null) {
      annotated.list().stream()
          .map(CollapsedMethod::executorName)
          .distinct()
          .filter(name -> !annotated.isCollapsing(name))
          .sorted()
          .forEach(executorsOff::add);
    }
    http.coreExecutors().stream()
        .filter(executor -> !executor.isCollapsing())
        .map(CollapseExecutor::name)
        .sorted()
        .forEach(executorsOff::add);
    List<SwitchDescription> off = new ArrayList<>();
    executorsOff.forEach(name -> off.add(new SwitchDescription(name, List.of(), false)));
    for (CollapseExecutorDescriptor adapter : http.list()) {
      CollapseSwitch collapseSwitch = adapter.options().collapseSwitch();
      List<String> groups =
          names(
              adapter.options().groups().stream()
                  .filter(candidate -> !collapseSwitch.isOn(candidate))
                  .toList());
      if (!groups.isEmpty()) {
        off.add(new SwitchDescription(adapter.name(), groups, false));
      }
    }
    return off;
  }
}
