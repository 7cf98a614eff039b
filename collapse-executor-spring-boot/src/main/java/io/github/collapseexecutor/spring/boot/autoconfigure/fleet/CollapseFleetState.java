package io.github.collapseexecutor.spring.boot.autoconfigure.fleet;

import io.github.collapseexecutor.core.Incubating;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * The state of the fleet tier as the {@code collapse} actuator endpoint and the
 * {@code collapseFleet} health contributor show it: whether it coordinates through Redis, and if
 * not why, what its calls did, and its settings. It names no Redis type, so that the endpoint
 * loads it where the tier is absent.
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
   * @param state {@code coordinating} while calls coordinate through Redis; {@code starting}
   *     before Redis was first reached, {@code failing-open} while it is down, slow or failing
   *     over, and {@code misconfigured} while it refuses what the tier needs (a missing ACL
   *     permission, a disabled command, a certificate it does not trust), in which states every
   *     call goes on as local collapse
   * @param lastProblem the last problem the tier met with Redis, with its cause and, for a
   *     configuration fault, the fix; kept after Redis answers again; {@code null} while there
   *     was none
   * @param led the calls this instance made for the fleet
   * @param joined the calls answered by another instance's result
   * @param fellBack the calls that went on as local collapse because Redis was down, slow, full
   *     or misconfigured
   * @param fellBackByReason those calls by reason: {@code tier-down} (the tier was not
   *     coordinating), {@code timeout} (a command outlived the coordination timeout),
   *     {@code redis-error} (Redis answered with an error)
   * @param leaseLost the calls that waited for another instance and made their own when its lease
   *     or their own wait ran out
   * @param unshared the calls that made their own because another instance's result was not shared
   * @param evicted the calls this instance led whose lease Redis dropped before they ended
   *     (evicted under memory pressure, or deleted by someone else)
   * @param outages how many times Redis stopped answering
   * @param coordinationTimeoutMillis the longest wait for one Redis command
   * @param leaseTimeMillis how long a leading instance holds a key at most
   * @param resultTtlMillis how long a result stays in Redis
   * @param maxValueBytes the largest result shared, as stored
   * @param encrypted whether results are encrypted
   */
  public record FleetDescription(String name, String state, @Nullable String lastProblem,
      long led, long joined, long fellBack, Map<String, Long> fellBackByReason, long leaseLost,
      long unshared, long evicted, long outages, long coordinationTimeoutMillis,
      long leaseTimeMillis, long resultTtlMillis, int maxValueBytes, boolean encrypted) {

    public FleetDescription {
      // in the order given, which the JSON keeps
      fellBackByReason = Collections.unmodifiableMap(new LinkedHashMap<>(fellBackByReason));
    }
  }
}
