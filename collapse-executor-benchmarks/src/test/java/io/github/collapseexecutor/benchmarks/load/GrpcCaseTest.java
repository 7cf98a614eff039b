package io.github.collapseexecutor.benchmarks.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

final class GrpcCaseTest {

  @Test
  void markdown_showsTheRoundWithTheMedianRatioAndEveryRatio() {
    Rounds rounds =
        new Rounds(
            List.of(
                new Comparison(measured(3_000, 20, 10), measured(1_000, 100, 1_000)),
                new Comparison(measured(4_000, 10, 5), measured(1_000, 100, 1_000)),
                new Comparison(measured(2_000, 30, 20), measured(1_000, 100, 1_000))));
    Settings settings = Settings.parse(new String[] {"--cases=grpc"});

    String section = new GrpcCase(settings).markdown(List.of("Date: today"), rounds);

    assertThat(section)
        .contains(
            "- Date: today",
            "| 200 users, one unary call, no delay | 3000 / 1000 | **3.00x** | 3.00x, 4.00x, 2.00x"
                + " | 20.0 / 100.0 | 0.20x | 3.3 / 1000.0 |");
  }

  /** {@code tps} requests a second for 10 s, with this p99 and this many backend calls. */
  private static Measurement measured(long tps, double p99Millis, long backendCallsPerSecond) {
    return new Measurement(200, tps * 10, 0, 10, 1, p99Millis, backendCallsPerSecond * 10);
  }
}
