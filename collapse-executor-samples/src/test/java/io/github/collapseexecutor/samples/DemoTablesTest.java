package io.github.collapseexecutor.samples;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.samples.order.GroupCommitDemo;
import io.github.collapseexecutor.samples.web.HttpDemo;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

/** The demo's tables: every row of figures has a line under it that says what it shows. */
@ExtendWith(OutputCaptureExtension.class)
final class DemoTablesTest {

  @Test
  void everyHttpRowIsExplainedAndTheFilterRowCountsHandlerRuns(CapturedOutput output) {
    HttpDemo.explain(
            List.of(
                result("RestClient, direct", 1000), result("RestClient + collapse", 20),
                result("servlet filter, direct", 1000), result("servlet filter + collapse", 120)))
        .print();

    List<String> lines = output.getOut().lines().toList();
    assertThat(lines).hasSize(1 + 2 * 4 + 1 + 2);
    for (int row = 1; row < 1 + 2 * 4; row += 2) {
      assertThat(lines.get(row)).doesNotStartWith(" ");
      assertThat(lines.get(row + 1)).startsWith("    ").hasSizeGreaterThan(20);
    }
    assertThat(lines.get(4)).contains("2.0% cross HTTP");
    assertThat(lines.get(6)).contains("handler runs");
    assertThat(lines.get(8)).contains("one handler run (88% fewer)");
  }

  @Test
  void groupCommitSaysHowManyOrdersShareATransaction(CapturedOutput output) {
    GroupCommitDemo.print(
        List.of(result("a transaction per order", 1000), result("group commit (OrderWriter)", 200)),
        "an embedded H2");

    List<String> lines = output.getOut().lines().toList();
    assertThat(lines.get(0)).contains("orders/s", "transactions", "tx/1000 orders");
    assertThat(lines.get(4)).contains("5.0 share its locks and its commit");
  }

  @Test
  void aCollapsingRowClaimsAGainOnlyWhenItsMedianRoundBeatEveryDirectOne(CapturedOutput output) {
    Load.Result direct = Load.median("direct", List.of(run(900), run(1000), run(1100)));
    Load.Result faster = Load.median("faster", List.of(run(1050), run(1500), run(1300)));
    Load.Result overlapping = Load.median("overlapping", List.of(run(1050), run(2000), run(1080)));

    new ResultTable(ResultTable.Columns.REQUESTS)
        .compared(direct, "direct", faster, "saved calls", "no reason")
        .compared(direct, "direct", overlapping, "saved calls", "the rounds overlap")
        .print();

    assertThat(direct.throughput()).isEqualTo(1000);
    assertThat(direct.spread()).isEqualTo(new Load.Spread(3, 900, 1000, 1100));
    assertThat(direct.requests()).isEqualTo(3000);
    assertThat(output.getOut())
        .contains("    gain: saved calls")
        .contains("    no gain: the rounds overlap")
        .contains("faster: gain, median 1300 vs 1000 requests/s (rounds 1050-1500 vs 900-1100)")
        .contains("overlapping: no gain, median 1080 vs 1000 requests/s");
  }

  /** A second's round of {@code perSecond} requests, each a backend call. */
  private static Load.Result run(long perSecond) {
    return new Load.Result("round", perSecond, perSecond, 1.0, 2_000);
  }

  /** A second's result of 1000 requests that made {@code perThousand} backend calls. */
  private static Load.Result result(String name, long perThousand) {
    return new Load.Result(name, 1000, perThousand, 1.0, 2_000);
  }
}
