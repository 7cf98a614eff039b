package io.github.collapseexecutor.benchmarks.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

final class FleetReadingTest {

  @Test
  void parse_readsTheStateAndCountsTheFallbacksOfBothKinds() {
    FleetReading reading =
        FleetReading.parse(
            "{\"executors\":[],\"fleet\":{\"name\":\"fleet\","
                + "\"state\":\"failing-open\",\"lastProblem\":\"Redis lost its connection\",\"led\":7,"
                + "\"joined\":12,\"fellBack\":3,\"fellBackByReason\":{\"tier-down\":3},\"leaseLost\":2,"
                + "\"unshared\":0,\"evicted\":0,\"outages\":1}}");

    assertThat(reading)
        .isEqualTo(new FleetReading(true, "failing-open", 12, 5, 1, "Redis lost its connection"));
    assertThat(reading.coordinating()).isFalse();
  }

  @Test
  void parse_takesNoProblemAsEmptyAndCoordinatingAsCoordinating() {
    FleetReading reading =
        FleetReading.parse(
            "{\"fleet\":{\"state\":\"coordinating\","
                + "\"lastProblem\":null,\"joined\":1,\"fellBack\":0,\"leaseLost\":0,\"outages\":0}}");

    assertThat(reading.lastProblem()).isEmpty();
    assertThat(reading.coordinating()).isTrue();
  }

  @Test
  void parse_rejectsAnAnswerWithoutTheFleetTier() {
    assertThatThrownBy(() -> FleetReading.parse("{\"executors\":[],\"fleet\":null}"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("no fleet tier in");
  }
}
