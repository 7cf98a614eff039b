package io.github.collapseexecutor.spring.boot.autoconfigure.fleet;

import io.github.collapseexecutor.core.Incubating;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * The state of the fleet tier as the {@code collapse} actuator endpoint and the
 * {@code collapseFleet} health contributor show it: whether it coordinates through Redis, and if
 * not why, what its calls did, and its settings. It names no Redis type, so that the endpoint
 * loads it where the tier is absent.
 */
@Incubating
final class CollapseFleetState {

  private final Supplier<FleetDescription> state;

  /** Creates the state read from {@code state} each time the endpoint is. */
  public CollapseFleetState(Supplier<FleetDescription> state) {
    this.state = Objects.requireNonNull(state, "state");
  }

  /** Returns the tier's state now. */
  public FleetDescription describe() {
    return state.get();
  }
}
