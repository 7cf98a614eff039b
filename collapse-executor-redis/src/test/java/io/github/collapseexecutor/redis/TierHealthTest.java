package io.github.collapseexecutor.redis;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.fleet.FleetStats.FallbackReason;
import io.github.collapseexecutor.fleet.FleetStats.FleetState;
import java.time.Instant;
import java.util.BitSet;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Level;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * What the tier does with calls, and what it logs: a late or failed command of a call costs only
 * that call, unless {@value TierHealth#FAILED_COMMANDS_TO_DOWN} come in a row; a lost connection
 * or a failed probe fails it open at once; a configuration fault turns it misconfigured at once,
 * logged once however often it recurs, and its mending is told once; masters of a cluster that do
 * not answer while the others do turn it degraded, which costs the calls of their slots only.
 */
final class TierHealthTest {

  private static final Fault LATE =
      Fault.outage(FallbackReason.TIMEOUT, "did not answer within 50 ms");
  private static final Fault NOPERM =
      Fault.configuration(
          "Redis refused the tier the command " + "'evalsha'. Fix: ACL SETUSER fleet +evalsha");

  private static final Fault MASTER_DOWN =
      Fault.outage(
          FallbackReason.TIER_DOWN, "master 127.0.0.1:7001 of the cluster is not connected");

  private final AtomicInteger downs = new AtomicInteger();
  private final TierHealth health = new TierHealth("fleet", downs::incrementAndGet);
  private final TierLog log = new TierLog();

  @AfterEach
  void stopListening() {
    log.close();
  }

  @Test
  void theTierStartsUntilTheProbeAnswers() {
    assertThat(health.state()).isEqualTo(FleetState.STARTING);
    assertThat(health.lastProblem()).isEmpty();
    assertThat(health.lastProblemAt()).isEmpty();

    health.answered();

    assertThat(health.state()).isEqualTo(FleetState.COORDINATING);
  }

  @Test
  void theLastProblemIsKeptWithWhenItCame() {
    Instant before = Instant.now();
    health.failed(LATE);
    Instant after = Instant.now();
    health.answered();

    assertThat(health.lastProblem()).contains(LATE.text());
    assertThat(health.lastProblemAt())
        .hasValueSatisfying(at -> assertThat(at).isBetween(before, after));
  }

  @Test
  void lateCommandsWithAnAnswerBetweenThemLeaveTheTierUp() {
    health.answered();

    health.commandFailed(LATE);
    health.commandFailed(LATE);
    health.commandAnswered();
    health.commandFailed(LATE);
    health.commandFailed(LATE);

    assertThat(health.up()).isTrue();
    assertThat(health.outages()).isZero();
    assertThat(downs).hasValue(0);
    assertThat(health.lastProblem()).contains(LATE.text());
  }

  @Test
  void lateCommandsInARowTurnTheTierDownOnce() {
    health.answered();

    for (int i = 0; i < TierHealth.FAILED_COMMANDS_TO_DOWN + 2; i++) {
      health.commandFailed(LATE);
    }

    assertThat(health.state()).isEqualTo(FleetState.FAILING_OPEN);
    assertThat(health.outages()).isEqualTo(1);
    assertThat(downs).hasValue(1);
    assertThat(log.levels()).containsExactly(Level.WARNING);
  }

  @Test
  void theProbesAnswerStartsTheCountAgain() {
    health.answered();
    for (int i = 0; i < TierHealth.FAILED_COMMANDS_TO_DOWN; i++) {
      health.commandFailed(LATE);
    }
    health.answered();

    health.commandFailed(LATE);

    assertThat(health.up()).isTrue();
  }

  @Test
  void aLostConnectionTurnsTheTierDownAtOnce() {
    health.answered();

    health.failed(Fault.outage(FallbackReason.TIER_DOWN, "lost its connection"));

    assertThat(health.up()).isFalse();
    assertThat(health.outages()).isEqualTo(1);
  }

  @Test
  void aConfigurationFaultOfOneCallTurnsTheTierMisconfiguredAtOnce() {
    health.answered();

    health.commandFailed(NOPERM);

    assertThat(health.state()).isEqualTo(FleetState.MISCONFIGURED);
    assertThat(health.outages()).as("no outage").isZero();
    assertThat(downs).hasValue(1);
    assertThat(health.lastProblem()).contains(NOPERM.text());
    assertThat(log.levels()).containsExactly(Level.SEVERE);
    assertThat(log.at(Level.SEVERE)).singleElement().asString().contains(NOPERM.text());
  }

  /**
   * Hazard: a fault that the probe finds mended while calls still meet it would log an error
   * each time it came back. It is logged once, and its mending once.
   */
  @Test
  void theSameFaultIsLoggedOnceHoweverOftenItComesBack() {
    health.failed(NOPERM);
    health.failed(NOPERM);
    health.answered();
    health.commandFailed(NOPERM);
    health.answered();
    health.failed(NOPERM);

    assertThat(log.levels()).containsExactly(Level.SEVERE, Level.INFO);
    assertThat(health.state()).isEqualTo(FleetState.MISCONFIGURED);
  }

  @Test
  void anotherFaultIsLoggedAgainAndTheLastProblemIsKeptOnceMended() {
    Fault readOnly = Fault.configuration("the tier is connected to a replica");
    health.failed(NOPERM);
    health.failed(readOnly);
    health.answered();

    assertThat(log.levels()).containsExactly(Level.SEVERE, Level.SEVERE, Level.INFO);
    assertThat(health.state()).isEqualTo(FleetState.COORDINATING);
    assertThat(health.lastProblem()).contains(readOnly.text());
  }

  @Test
  void aMasterThatDoesNotAnswerCostsOnlyTheCallsOfItsSlots() {
    health.answered();

    health.degraded(MASTER_DOWN, slots(5, 6));
    health.degraded(MASTER_DOWN, slots(5, 6));

    assertThat(health.state()).isEqualTo(FleetState.DEGRADED);
    assertThat(health.up()).isTrue();
    assertThat(health.up(() -> 5)).isFalse();
    assertThat(health.up(() -> 7)).isTrue();
    assertThat(health.outages()).isEqualTo(1);
    assertThat(downs).as("no caller of another slot woken").hasValue(0);
    assertThat(health.lastProblem()).contains(MASTER_DOWN.text());
    assertThat(log.at(Level.WARNING)).singleElement().asString().contains("127.0.0.1:7001");

    health.answered();

    assertThat(health.state()).isEqualTo(FleetState.COORDINATING);
    assertThat(health.up(() -> 5)).isTrue();
    assertThat(log.levels()).containsExactly(Level.WARNING, Level.INFO);
  }

  @Test
  void aTierDownIsUpAgainOnceSomeMastersAnswer() {
    health.failed(LATE);
    assertThat(health.whenUp()).isNotDone();

    health.degraded(MASTER_DOWN, slots(5));

    assertThat(health.whenUp()).isDone();
    assertThat(health.up(() -> 6)).isTrue();
  }

  @Test
  void aDegradedTierThatStopsAnsweringFailsOpenAsOneOutage() {
    health.answered();
    health.degraded(MASTER_DOWN, slots(5));

    health.failed(Fault.outage(FallbackReason.TIER_DOWN, "lost its connection"));

    assertThat(health.state()).isEqualTo(FleetState.FAILING_OPEN);
    assertThat(health.up(() -> 6)).isFalse();
    assertThat(health.outages()).isEqualTo(1);
    assertThat(downs).hasValue(1);
  }

  /**
   * A killed master: its calls fail, the probe finds the others answering, the cluster then
   * refuses every command until the replica takes over, and the probe finds it degraded again.
   */
  @Test
  void aKilledMasterIsOneOutageHoweverOftenTheTierGoesBetweenFailingOpenAndDegraded() {
    health.answered();

    health.failed(LATE);
    health.degraded(MASTER_DOWN, slots(5));
    health.failed(Fault.outage(FallbackReason.TIER_DOWN, "CLUSTERDOWN"));
    health.degraded(MASTER_DOWN, slots(5));
    assertThat(health.outages()).isEqualTo(1);

    health.answered();
    health.degraded(MASTER_DOWN, slots(6));
    health.answered();
    health.failed(LATE);

    assertThat(health.outages()).as("each outage after every call coordinated").isEqualTo(3);
  }

  private static BitSet slots(int... slots) {
    BitSet set = new BitSet();
    for (int slot : slots) {
      set.set(slot);
    }
    return set;
  }
}
