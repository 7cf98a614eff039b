package io.github.collapseexecutor.spring.boot.autoconfigure.fleet;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the {@code collapseFleet} health contributor says, apart from Spring Boot's health types,
 * which differ between its lines: always UP, with the tier's state, its last problem and its
 * counts in the details.
 *
 * <p>Always UP, because no state of the tier stops this instance from serving a call: while it
 * starts, fails open or is misconfigured, every call goes on as local collapse on this instance.
 * DOWN or OUT_OF_SERVICE would make Spring Boot answer 503 and a load balancer take out an
 * instance that serves everything, and do so on every instance at once, since they share the one
 * Redis. A status of its own ({@code MISCONFIGURED}) is no better: Spring Boot ranks an unknown
 * status above every other, so it would become the status of the whole {@code /actuator/health},
 * which service registries that read the status rather than the HTTP code (Eureka's health check
 * among them) take as not up. A misconfiguration is told instead in the details
 * ({@code state: misconfigured} and the {@code lastProblem} with its fix), in the tier's ERROR
 * log, on the {@code collapse} endpoint and by the {@code collapse.fleet.coordinating} gauge,
 * which an alert can watch.
 */
final class FleetHealth {

  private FleetHealth() {}

  /** Returns the details of the tier's health now. */
  static Map<String, Object> details(CollapseFleetState fleet) {
    FleetDescription state = fleet.describe();
    Map<String, Object> details = new LinkedHashMap<>();
    details.put("state", state.state());
    String problem = state.lastProblem();
    if (problem != null) {
      details.put("lastProblem", problem);
      details.put("lastProblemAt", String.valueOf(state.lastProblemAt()));
    }
    details.put("led", state.led());
    details.put("joined", state.joined());
    details.put("othersJoined", state.othersJoined());
    details.put("joinedOwn", state.joinedOwn());
    details.put("fellBack", state.fellBack());
    details.put("fellBackByReason", state.fellBackByReason());
    details.put("leaseLost", state.leaseLost());
    details.put("unshared", state.unshared());
    details.put("overtaken", state.overtaken());
    details.put("evicted", state.evicted());
    details.put("outages", state.outages());
    details.put("instances", state.instances());
    return details;
  }
}
