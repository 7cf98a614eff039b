package io.github.collapseexecutor.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The interleaved rounds of the batch benchmark, run briefly. */
final class SlowBackendRoundsTest {

  @Test
  @Timeout(60)
  void reportsEveryVariantAgainstTheDirectCallOfItsRounds() throws Exception {
    String table = SlowBackendRounds.run("8", "2", "0.1", "direct,blocking-1,async");

    assertThat(table).contains("200 callers, backend 8, 2 rounds of 0.1 s slices");
    assertThat(table.lines().filter(line -> line.startsWith("direct ")).findFirst().orElseThrow())
        .contains(" 1.00x ");
    // one fixed slot: about 10 backend calls per 1000 requests, and a limit of exactly 1
    assertThat(
            table.lines().filter(line -> line.startsWith("blocking-1 ")).findFirst().orElseThrow())
        .endsWith(" 1.00");
    assertThat(table.lines().anyMatch(line -> line.startsWith("async "))).isTrue();
  }

  @Test
  void refusesRoundsWithoutTheBaseline() {
    assertThatThrownBy(() -> SlowBackendRounds.run("8", "1", "0.1", "blocking"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("must include direct");
  }

  @Test
  void refusesAnUnknownVariant() {
    assertThatThrownBy(() -> SlowBackendRounds.run("8", "1", "0.1", "direct,turbo"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("turbo");
  }
}
