package io.github.collapseexecutor.benchmarks.load;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.benchmarks.load.MixedCase.Round;
import io.github.collapseexecutor.benchmarks.load.MixedCase.Side;
import java.util.List;
import org.junit.jupiter.api.Test;

final class MixedReportTest {

  private static final MixedLoad.Counts NONE_STALE = new MixedLoad.Counts(9500, 500, 0, "");

  @Test
  void markdown_showsTheMedianRoundBothSidesAndTheirRatios() {
    MixedCase.Result result =
        new MixedCase.Result(
            List.of(
                new Round(side(3_000, 20, 200), side(1_000, 40, 1_000)),
                new Round(side(2_000, 20, 200), side(1_000, 40, 1_000)),
                new Round(side(4_000, 20, 200), side(1_000, 40, 1_000))),
            NONE_STALE,
            NONE_STALE,
            "Warm-up: 1 round");

    String section = report().markdown(result);

    assertThat(section)
        .contains(
            "every round's: 3.00x, 2.00x, 4.00x",
            "| collapse on (`/mixed/collapse/*`) | 3000 | 10.0 | 20.0 | 200.0 | 0 / 9500 |",
            "| collapse off (`/mixed/noop/*`) | 1000 | 20.0 | 40.0 | 1000.0 | 0 / 9500 |",
            "| on / off | **3.00x** | 0.50x | 0.50x | 0.20x | |",
            "| Collapse on: no read goes back in time | 0 stale of 9500 reads | met |");
  }

  @Test
  void markdown_marksStaleReadsWithCollapseAsMissedWithAnExample() {
    MixedLoad.Counts stale =
        new MixedLoad.Counts(
            9500,
            500,
            3,
            "a read of /mixed/collapse/1"
                + " sent after a write had answered version 7 answered 6");
    MixedCase.Result result =
        new MixedCase.Result(
            List.of(new Round(side(3_000, 20, 200), side(1_000, 40, 1_000))),
            stale,
            NONE_STALE,
            "Warm-up: 1 round");

    String section = report().markdown(result);

    assertThat(section)
        .contains(
            "| Collapse on: no read goes back in time | 3 stale of 9500"
                + " reads, such as a read of /mixed/collapse/1 sent after a write had answered version 7"
                + " answered 6 | **missed** |");
  }

  private static MixedReport report() {
    return new MixedReport(Settings.parse(new String[] {"--cases=mixed"}));
  }

  /** {@code tps} requests a second for 10 s, 95% reads, and the read handler's runs per 1000. */
  private static Side side(long tps, double p99Millis, long runsPerThousandReads) {
    long reads = tps * 10 * 95 / 100;
    return new Side(
        new Measurement(
            400, tps * 10, 0, 10, p99Millis / 2, p99Millis, reads * runsPerThousandReads / 1000),
        new MixedLoad.Counts(reads, tps * 10 - reads, 0, ""));
  }
}
