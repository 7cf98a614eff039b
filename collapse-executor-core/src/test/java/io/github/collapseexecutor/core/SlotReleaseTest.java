package io.github.collapseexecutor.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.core.internal.SlotRelease;
import org.junit.jupiter.api.Test;

/** When a batch gives its slot back: before handing out its outputs, or after. */
final class SlotReleaseTest {

  private static final long MICROS = 1_000;
  private static final long ONE_MS_CALL = 1_000 * MICROS;

  private final SlotRelease release = new SlotRelease();

  @Test
  void beforeAnythingWasMeasuredABatchHandsOutFirst() {
    assertThat(release.afterHandOut(200, ONE_MS_CALL)).isTrue();
  }

  @Test
  void aBatchHandsOutFirstOnlyWhileThatTakesAtMostHalfItsBackendCall() {
    release.handedOut(10, 100 * MICROS);

    // 10 µs a call: 50 calls take half of a 1 ms backend call, 51 take more
    assertThat(release.afterHandOut(16, ONE_MS_CALL)).isTrue();
    assertThat(release.afterHandOut(50, ONE_MS_CALL)).isTrue();
    assertThat(release.afterHandOut(51, ONE_MS_CALL)).isFalse();
    assertThat(release.afterHandOut(200, ONE_MS_CALL)).isFalse();
    // a backend call much faster than waking the callers: release at once
    assertThat(release.afterHandOut(2, 5 * MICROS)).isFalse();
  }

  @Test
  void theEstimateFollowsWhatHandingOutCostsLately() {
    release.handedOut(100, 100 * 100 * MICROS);
    assertThat(release.afterHandOut(16, ONE_MS_CALL)).isFalse();

    for (int i = 0; i < 40; i++) {
      release.handedOut(100, 100 * 5 * MICROS);
    }

    assertThat(release.afterHandOut(16, ONE_MS_CALL)).isTrue();
  }
}
