package io.github.collapseexecutor.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.offset;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The breakdown of a call's time, run briefly. */
final class CallTimeBreakdownTest {

  @Test
  @Timeout(60)
  void cutsEveryCallIntoPartsThatAddUpToItsTime() throws Exception {
    String table = CallTimeBreakdown.run("unlimited", "0.3", "direct,blocking-1,async");

    // the tool's bookkeeping, not the machine's timing: on a loaded machine any part may grow
    assertThat(table).contains("200 callers, backend unlimited, 0.3 s per variant");
    double[] direct = row(table, "direct");
    double[] oneSlot = row(table, "blocking-1");
    double[] async = row(table, "async");
    // a direct call has no wait and nothing to bind: it ends when its backend call does
    assertThat(direct[2]).isZero();
    assertThat(direct[4]).isZero();
    for (double[] parts : new double[][] {direct, oneSlot, async}) {
      assertThat(parts[0]).as("requests/s").isPositive();
      // wait + backend + until bound + to caller: the total, but for the rounding of each
      assertThat(parts[2] + parts[3] + parts[4] + parts[5]).isCloseTo(parts[6], offset(3.0));
    }
  }

  @Test
  void refusesAnUnknownVariantBeforeMeasuring() {
    assertThatThrownBy(() -> CallTimeBreakdown.run("unlimited", "10", "direct,blocking-x"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("blocking-x");
    assertThatThrownBy(() -> CallTimeBreakdown.run("unlimited", "10", "direct,turbo"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("turbo");
  }

  @Test
  void refusesNoTimeToMeasure() {
    assertThatThrownBy(() -> CallTimeBreakdown.run("unlimited", "0"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("positive");
  }

  /** The numbers of a variant's row: requests/s, calls/1000, then the parts and the total. */
  private static double[] row(String table, String variant) {
    String line = table.lines().filter(l -> l.startsWith(variant + " ")).findFirst().orElseThrow();
    String[] fields = line.trim().split("\\s+");
    double[] numbers = new double[fields.length - 1];
    for (int i = 1; i < fields.length; i++) {
      numbers[i - 1] = Double.parseDouble(fields[i]);
    }
    return numbers;
  }
}
