package io.github.collapseexecutor.redis;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * When the tier goes down: a late or failed command of a call costs only that call, unless
 * {@value TierHealth#FAILED_COMMANDS_TO_DOWN} come in a row; a lost connection or a failed probe
 * at once.
 */
final class TierHealthTest {

  private final AtomicInteger downs = new AtomicInteger();
  private final TierHealth health = new TierHealth("fleet", downs::incrementAndGet);

  @Test
  void lateCommandsWithAnAnswerBetweenThemLeaveTheTierUp() {
    health.answered();

    health.commandFailed("did not answer within 50 ms");
    health.commandFailed("did not answer within 50 ms");
    health.commandAnswered();
    health.commandFailed("did not answer within 50 ms");
    health.commandFailed("did not answer within 50 ms");

    assertThat(health.up()).isTrue();
    assertThat(health.outages()).isZero();
    assertThat(downs).hasValue(0);
  }

  @Test
  void lateCommandsInARowTurnTheTierDownOnce() {
    health.answered();

    for (int i = 0; i < TierHealth.FAILED_COMMANDS_TO_DOWN + 2; i++) {
      health.commandFailed("did not answer within 50 ms");
    }

    assertThat(health.up()).isFalse();
    assertThat(health.outages()).isEqualTo(1);
    assertThat(downs).hasValue(1);
  }

  @Test
  void theProbesAnswerStartsTheCountAgain() {
    health.answered();
    for (int i = 0; i < TierHealth.FAILED_COMMANDS_TO_DOWN; i++) {
      health.commandFailed("did not answer within 50 ms");
    }
    health.answered();

    health.commandFailed("did not answer within 50 ms");

    assertThat(health.up()).isTrue();
  }

  @Test
  void aLostConnectionTurnsTheTierDownAtOnce() {
    health.answered();

    health.failed("lost its connection");

    assertThat(health.up()).isFalse();
    assertThat(health.outages()).isEqualTo(1);
  }
}
