package io.github.collapseexecutor.spring.boot.autoconfigure.actuate;

import io.github.collapseexecutor.spring.annotation.internal.CollapseMethods;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorDescriptor;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutors;
import io.github.collapseexecutor.spring.boot.autoconfigure.NamedExecutors;
import io.github.collapseexecutor.spring.http.CollapseGroup;
import io.github.collapseexecutor.spring.http.CollapseSwitch;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;
import org.springframework.boot.actuate.endpoint.InvalidEndpointRequestException;

/**
 * Turns collapsing off and on at run time for the {@code collapse} endpoint: the groups of an HTTP
 * adapter through its {@link CollapseSwitch}, and the annotated methods of a named executor
 * through {@link CollapseMethods}. An executor bean that application code calls directly is not
 * reached: it collapses whatever the switch says.
 */
public final class CollapseSwitches {

  private final CollapseExecutors http;
  private final NamedExecutors named;
  private final Supplier<CollapseMethods> methods;

  /**
   * Creates the switches.
   *
   * @param named the named executors, or {@code null} for none
   * @param methods the annotated methods; supplies {@code null} when annotations are off
   */
  public CollapseSwitches(CollapseExecutors http, NamedExecutors named,
      Supplier<CollapseMethods> methods) {
    this.http = Objects.requireNonNull(http, "http");
    this.named = named;
    this.methods = Objects.requireNonNull(methods, "methods");
  }

  /**
   * Turns collapsing of {@code name} on or off: a named executor's annotated methods when no
   * group is given and a named executor has that name, else every group of the HTTP adapter
   * {@code name}, or only its group that has the pattern {@code group}.
   *
   * @return what is switched
   * @throws InvalidEndpointRequestException (a 400 over HTTP) if no executor has that name, the
   *     group is not one of the adapter's, or annotations are off for a named executor
   */
  public SwitchDescription turn(String name, String group, boolean collapsing) {
    if (group == null && named != null && named.contains(name)) {
      CollapseMethods annotated = methods.get();
      if (annotated == null) {
        throw new InvalidEndpointRequestException("named executor '" + name
            + "' runs no annotated method: annotations are off", "annotations are off");
      }
      annotated.collapsing(name, collapsing);
      return new SwitchDescription(name, List.of(), collapsing);
    }
    CollapseExecutorDescriptor adapter = http.list().stream()
        .filter(executor -> executor.name().equals(name)).findFirst().orElse(null);
    if (adapter == null) {
      throw new InvalidEndpointRequestException("no named executor and no HTTP executor is named '"
          + name + "'; HTTP executors: " + http.list().stream()
              .map(CollapseExecutorDescriptor::name).toList(), "unknown executor");
    }
    List<CollapseGroup> groups = adapter.options().groups().stream()
        .filter(candidate -> group == null || GroupLabels.matches(candidate, group)).toList();
    if (group != null && groups.isEmpty()) {
      throw new InvalidEndpointRequestException("HTTP executor '" + name
          + "' has no collapse group with the pattern '" + group + "'", "unknown group");
    }
    CollapseSwitch collapseSwitch = adapter.options().collapseSwitch();
    for (CollapseGroup each : groups) {
      if (collapsing) {
        collapseSwitch.turnOn(each);
      } else {
        collapseSwitch.turnOff(each);
      }
    }
    return new SwitchDescription(name, groups.stream().map(GroupLabels::of).toList(), collapsing);
  }

  /** Returns every executor with something switched off: named executors first, by name. */
  public List<SwitchDescription> off() {
    List<SwitchDescription> off = new ArrayList<>();
    CollapseMethods annotated = methods.get();
    if (named != null && annotated != null) {
      for (String name : named.names()) {
        if (!annotated.isCollapsing(name)) {
          off.add(new SwitchDescription(name, List.of(), false));
        }
      }
    }
    for (CollapseExecutorDescriptor adapter : http.list()) {
      CollapseSwitch collapseSwitch = adapter.options().collapseSwitch();
      List<String> groups = adapter.options().groups().stream()
          .filter(candidate -> !collapseSwitch.isOn(candidate)).map(GroupLabels::of).toList();
      if (!groups.isEmpty()) {
        off.add(new SwitchDescription(adapter.name(), groups, false));
      }
    }
    return off;
  }
}
