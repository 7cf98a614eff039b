package io.github.collapseexecutor.benchmarks.load;

import java.io.IOException;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * What one instance's fleet tier says on {@code /actuator/collapse} at one moment: its state and
 * the counts of what its calls did so far, or that the instance did not answer.
 *
 * @param reached whether the instance answered; the other fields are empty or 0 when not
 * @param state the tier's state, such as {@code coordinating} or {@code failing-open}
 * @param joined the calls answered by another instance's result
 * @param fallbacks the calls that went on as local collapse (Redis down, slow or refusing) and
 *     those that waited for another instance in vain (its lease or their wait ran out)
 * @param outages how many times Redis stopped answering
 * @param lastProblem the last problem the tier met with Redis, or empty
 */
record FleetReading(
    boolean reached, String state, long joined, long fallbacks, long outages, String lastProblem) {

  static final String COORDINATING = "coordinating";

  private static final JsonMapper JSON = JsonMapper.builder().build();

  /** Returns whether the instance answered and its tier coordinates. */
  boolean coordinating() {
    return reached && COORDINATING.equals(state);
  }

  /** Reads the tier of {@code instance}; an instance that does not answer is not reached. */
  static FleetReading of(SampleApp instance) throws InterruptedException {
    try {
      return parse(Loopback.get(instance.url("/actuator/collapse")));
    } catch (IOException | IllegalArgumentException e) {
      return new FleetReading(false, "unreachable", 0, 0, 0, String.valueOf(e.getMessage()));
    }
  }

  /**
   * Reads the {@code fleet} object of the endpoint's answer.
   *
   * @throws IllegalArgumentException if the answer is not JSON or shows no fleet tier
   */
  static FleetReading parse(String json) {
    JsonNode fleet;
    try {
      fleet = JSON.readTree(json).path("fleet");
    } catch (JacksonException e) {
      throw new IllegalArgumentException("not JSON: " + json, e);
    }
    if (!fleet.isObject()) {
      throw new IllegalArgumentException("no fleet tier in " + json);
    }
    return new FleetReading(
        true,
        fleet.path("state").asString(),
        fleet.path("joined").asLong(),
        fleet.path("fellBack").asLong() + fleet.path("leaseLost").asLong(),
        fleet.path("outages").asLong(),
        fleet.path("lastProblem").stringValue(""));
  }
}
