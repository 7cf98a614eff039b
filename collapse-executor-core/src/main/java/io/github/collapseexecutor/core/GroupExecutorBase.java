package io.github.collapseexecutor.core;

import java.util.Objects;
import org.jspecify.annotations.Nullable;

/** What the three same-key flavours share: the flights, built from the options, name and closing. */
abstract class GroupExecutorBase implements CollapseExecutor {

  final FlightMap flights;

  GroupExecutorBase(GroupCollapseExecutorOptions options) {
    Objects.requireNonNull(options, "options");
    this.flights = new FlightMap(Names.of(options.name(), getClass()), options.listener());
  }

  /**
   * The options that a constructor taking a name and a listener stands for: {@code name} may be
   * null for the class name.
   */
  static GroupCollapseExecutorOptions options(@Nullable String name, CollapseListener listener) {
    GroupCollapseExecutorOptions.Builder builder =
        GroupCollapseExecutorOptions.builder().listener(listener);
    return (name == null ? builder : builder.name(name)).build();
  }

  /** Returns this executor's name, as used in error messages and reports. */
  @Override
  public String name() {
    return flights.name();
  }

  /**
   * Turns collapsing on or off for the calls that come from now on: while off, every caller runs
   * its own work and nobody joins it. Runs in progress finish for the callers that joined them.
   */
  @Override
  public void setCollapsing(boolean collapsing) {
    flights.collapsing(collapsing);
  }

  @Override
  public boolean isCollapsing() {
    return flights.isCollapsing();
  }

  /** Refuses new calls; runs in progress complete for their callers. Idempotent. */
  @Override
  public void close() {
    flights.close();
  }
}
