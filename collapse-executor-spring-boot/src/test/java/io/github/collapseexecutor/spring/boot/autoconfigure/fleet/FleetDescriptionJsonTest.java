package io.github.collapseexecutor.spring.boot.autoconfigure.fleet;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.std.ToStringSerializer;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/**
 * The fleet tier's part of the {@code collapse} endpoint's answer as JSON, on Jackson 3 and
 * Jackson 2: every property, named and ordered as the endpoint has always written them, the
 * fallbacks by reason in the order given.
 */
final class FleetDescriptionJsonTest {

  private static final String JSON =
      "{\"name\":\"fleet\",\"state\":\"coordinating\","
          + "\"lastProblem\":\"Redis did not answer within 50 ms\","
          + "\"lastProblemAt\":\"2026-01-02T03:04:05Z\",\"led\":12,\"joined\":30,\"othersJoined\":7,\"joinedOwn\":1,"
          + "\"fellBack\":2,"
          + "\"fellBackByReason\":{\"tier-down\":0,\"timeout\":2,\"redis-error\":0},"
          + "\"leaseLost\":0,\"unshared\":0,\"overtaken\":3,\"evicted\":1,\"outages\":0,"
          + "\"instances\":[{\"id\":\"a1\",\"self\":true,\"keyParts\":{\"port\":[\"8081\"]},"
          + "\"noneInCommon\":[]},{\"id\":\"b2\",\"self\":false,"
          + "\"keyParts\":{\"port\":[\"8082\"]},\"noneInCommon\":[\"port\"]}],"
          + "\"coordinationTimeoutMillis\":50,\"leaseTimeMillis\":10000,\"resultTtlMillis\":10000,"
          + "\"maxValueBytes\":262144,\"encrypted\":true}";

  @Test
  void jackson3WritesEveryPropertyInItsOrder() {
    assertThat(JsonMapper.builder().build().writeValueAsString(description())).isEqualTo(JSON);
  }

  @Test
  void jackson2WritesEveryPropertyInItsOrder() throws Exception {
    // as Spring Boot's mapper writes an Instant: ISO-8601, not a number
    ObjectMapper mapper =
        new ObjectMapper()
            .registerModule(
                new SimpleModule().addSerializer(Instant.class, ToStringSerializer.instance));
    assertThat(mapper.writeValueAsString(description())).isEqualTo(JSON);
  }

  @Test
  void equalDescriptionsAreThoseOfEqualProperties() {
    assertThat(description()).isEqualTo(description()).hasSameHashCodeAs(description());
    assertThat(description()).isNotEqualTo(description("degraded", "Redis did not answer"));
  }

  @Test
  void toStringNamesEveryProperty() {
    assertThat(description().toString())
        .startsWith(
            "FleetDescription[name=fleet, state=coordinating, lastProblem=Redis did not answer"
                + " within 50 ms, lastProblemAt=2026-01-02T03:04:05Z, led=12, joined=30,")
        .contains("fellBackByReason={tier-down=0, timeout=2, redis-error=0}, leaseLost=0,")
        .endsWith("resultTtlMillis=10000, maxValueBytes=262144, encrypted=true]");
  }

  private static Map<String, Object> instance(
      String id, boolean self, String port, List<String> noneInCommon) {
    Map<String, Object> instance = new LinkedHashMap<>();
    instance.put("id", id);
    instance.put("self", self);
    instance.put("keyParts", Map.of("port", List.of(port)));
    instance.put("noneInCommon", noneInCommon);
    return instance;
  }

  private static FleetDescription description() {
    return description("coordinating", "Redis did not answer within 50 ms");
  }

  /** Returns a description with these, and the counts and settings the JSON above shows. */
  static FleetDescription description(String state, String problem) {
    Map<String, Long> byReason = new LinkedHashMap<>();
    byReason.put("tier-down", 0L);
    byReason.put("timeout", 2L);
    byReason.put("redis-error", 0L);
    return new FleetDescription(
        "fleet",
        state,
        problem,
        Instant.parse("2026-01-02T03:04:05Z"),
        12,
        30,
        7,
        1,
        2,
        byReason,
        0,
        0,
        3,
        1,
        0,
        List.of(
            instance("a1", true, "8081", List.of()),
            instance("b2", false, "8082", List.of("port"))),
        50,
        10_000,
        10_000,
        262_144,
        true);
  }
}
