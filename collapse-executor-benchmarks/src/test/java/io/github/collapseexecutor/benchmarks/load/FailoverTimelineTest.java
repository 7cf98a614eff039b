package io.github.collapseexecutor.benchmarks.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/**
 * The windows of a phase and the moment the instances coordinate again, from readings made up
 * a quarter of a second apart: 100 requests and 2 backend calls per interval while the instances
 * coordinate, 6 while they do not.
 */
final class FailoverTimelineTest {

  private static final long QUARTER = TimeUnit.MILLISECONDS.toNanos(250);
  private static final FleetReading COORDINATING =
      new FleetReading(true, FleetReading.COORDINATING, 0, 0, 0, "");

  private final FailoverTimeline timeline = new FailoverTimeline();
  private long readings;
  private long requests;
  private long calls;
  private long joined;
  private long fallbacks;

  @Test
  void phase_splitsAtTheFaultAndAtTheEndOfTheLastIntervalThatWasNotCoordinated() {
    next(0, COORDINATING);
    coordinated(8);
    timeline.fault(QUARTER * 8 + QUARTER / 2);
    coordinated(4); // Redis takes a moment to go
    notCoordinated(6, "failing-open", "Redis lost its connection");
    notCoordinated(2, FleetReading.COORDINATING, ""); // back, but waits still fall back
    coordinated(20);

    FailoverPhase phase = timeline.phase("Sentinel", "master killed", "");

    assertThat(phase.leftSeconds()).isEqualTo(1.125);
    assertThat(phase.backSeconds()).isEqualTo(2.875);
    assertThat(phase.stateBackSeconds()).isEqualTo(2.625);
    assertThat(phase.before().requests()).isEqualTo(800);
    assertThat(phase.before().backendCalls()).isEqualTo(16);
    assertThat(phase.during().requests()).isEqualTo(1200);
    assertThat(phase.during().backendCalls()).isEqualTo(4 * 2 + 8 * 6);
    assertThat(phase.during().fallbacks()).isEqualTo(8);
    assertThat(phase.after().requests()).isEqualTo(2000);
    assertThat(phase.after().callsPerThousand()).isEqualTo(20.0);
    assertThat(phase.uncoordinatedBefore()).isZero();
    assertThat(phase.problems()).containsExactly("Redis lost its connection");
    assertThat(phase.longestStallSeconds()).isZero();
  }

  @Test
  void phase_countsNoDuringWindowWhenTheInstancesNeverStopped() {
    next(0, COORDINATING);
    coordinated(8);
    timeline.fault(QUARTER * 8);
    coordinated(24);

    FailoverPhase phase = timeline.phase("Cluster", "CLUSTER FAILOVER", "");

    assertThat(phase.backSeconds()).isZero();
    assertThat(phase.leftSeconds()).isNaN();
    assertThat(phase.during()).isNull();
    assertThat(phase.after().requests()).isEqualTo(2400);
  }

  @Test
  void phase_isNotBackWhenTheInstancesCoordinateForLessThanTheSteadyTimeBeforeTheEnd() {
    next(0, COORDINATING);
    coordinated(8);
    timeline.fault(QUARTER * 8);
    notCoordinated(10, "failing-open", "Redis failed: CLUSTERDOWN");
    coordinated(19); // 4.75 s

    FailoverPhase phase = timeline.phase("Cluster", "master killed", "");

    assertThat(phase.backSeconds()).isNaN();
    assertThat(phase.after()).isNull();
    assertThat(phase.during().requests()).isEqualTo(2900);
  }

  @Test
  void phase_measuresTheLongestTimeInWhichNoRequestCompleted() {
    next(0, COORDINATING);
    coordinated(8);
    timeline.fault(QUARTER * 8);
    stalled(3);
    coordinated(2);
    stalled(7);
    coordinated(20);

    FailoverPhase phase = timeline.phase("Sentinel", "master killed", "");

    assertThat(phase.longestStallSeconds()).isEqualTo(1.75);
    assertThat(phase.backSeconds()).isEqualTo(3.0);
    assertThat(phase.during().maxMillis()).isEqualTo(100.0, within(0.1));
  }

  /** Adds {@code count} readings, each after an interval in which the instances coordinated. */
  private void coordinated(int count) {
    for (int i = 0; i < count; i++) {
      joined += 3;
      next(2, COORDINATING);
    }
  }

  /** Adds {@code count} readings, each after an interval with a fallback on every instance. */
  private void notCoordinated(int count, String state, String problem) {
    for (int i = 0; i < count; i++) {
      fallbacks++;
      next(6, new FleetReading(true, state, 0, 0, 1, problem));
    }
  }

  /** Adds {@code count} readings, each after an interval in which no request completed. */
  private void stalled(int count) {
    for (int i = 0; i < count; i++) {
      add(0, 0, COORDINATING);
    }
  }

  /** Adds a reading after an interval of 100 requests and {@code callsInInterval} calls. */
  private void next(int callsInInterval, FleetReading like) {
    add(readings > 0 ? 100 : 0, callsInInterval, like);
  }

  private void add(int requestsInInterval, int callsInInterval, FleetReading like) {
    if (readings > 0) {
      requests += requestsInInterval;
      calls += callsInInterval;
    }
    FleetReading reading =
        new FleetReading(true, like.state(), joined, fallbacks, like.outages(), like.lastProblem());
    Histogram latencies = new Histogram(3);
    latencies.recordValue(100_000);
    timeline.add(
        new FailoverTimeline.Tick(
            QUARTER * readings++, requests, 0, calls, List.of(reading), latencies));
  }
}
