package io.github.collapseexecutor.spring.boot.autoconfigure.fleet;

import io.github.collapseexecutor.core.Incubating;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * The state of the fleet tier as the {@code collapse} actuator endpoint shows it: whether it
 * coordinates through Redis or fails open, what its calls did, and its settings. It names no
 * Redis type, so that the endpoint loads it where the tier is absent.
 */
@Incubating
public final class CollapseFleetState {

  private final Supplier<FleetDescription> state;

  /** Creates the state read from {@code state} each time the endpoint is. */
  public CollapseFleetState(Supplier<FleetDescription> state) {
    this.state = Objects.requireNonNull(state, "state");
  }

  /** Returns the tier's state now. */
  public FleetDescription describe() {
    return state.get();
  }

  /**
   * The fleet tier of this instance.
   *
   * @param name the coordinator's name
   * @param state {@code coordinating} while calls coordinate through Redis, {@code failing-open}
   *     while they go on as local collapse (Redis down, slow or full, or not reached yet)
   * @param led the calls this instance made for the fleet
   * @param joined the calls answered by another instance's result
   * @param fellBack the calls that went on as local collapse because Redis was down, slow or full
   * @param leaseLost the calls that waited for another instance and made their own when its lease
   *     or their own wait ran out
   * @param unshared the calls that made their own because another instance's result was not shared
   * @param outages how many times Redis stopped answering
   * @param coordinationTimeoutMillis the longest wait for one Redis command
   * @param leaseTimeMillis how long a leading instance holds a key at most
   * @param resultTtlMillis how long a result stays in Redis
   * @param maxValueBytes the largest result shared, as stored
   * @param encrypted whether results are encrypted
   */
  public record FleetDescription(String name, String state, long led, long joined, long fellBack,
      long leaseLost, long unshared, long outages, long coordinationTimeoutMillis,
      long leaseTimeMillis, long resultTtlMillis, int maxValueBytes, boolean encrypted) {}
}
