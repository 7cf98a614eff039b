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
    HttpDemo.explain(List.of(
        result("RestClient, direct", 1000), result("RestClient + collapse", 20),
        result("servlet filter, direct", 1000), result("servlet filter + collapse", 120)))
        .print();

    List<String> lines = output.getOut().lines().toList();
    assertThat(lines).hasSize(1 + 2 * 4);
    for (int row = 1; row < lines.size(); row += 2) {
      assertThat(lines.get(row)).doesNotStartWith(" ");
      assertThat(lines.get(row + 1)).startsWith("    ").hasSizeGreaterThan(20);
    }
    assertThat(lines.get(4)).contains("2.0% cross HTTP");
    assertThat(lines.get(6)).contains("handler runs");
    assertThat(lines.get(8)).contains("one handler run (88% fewer)");
  }

  @Test
  void groupCommitSaysHowManyOrdersShareATransaction(CapturedOutput output) {
    GroupCommitDemo.print(List.of(result("a transaction per order", 1000),
        result("group commit (OrderWriter)", 200)), "an embedded H2");

    List<String> lines = output.getOut().lines().toList();
    assertThat(lines.get(0)).contains("orders/s", "transactions", "tx/1000 orders");
    assertThat(lines.get(4)).contains("5.0 share its locks and its commit");
  }

  /** A second's result of 1000 requests that made {@code perThousand} backend calls. */
  private static Load.Result result(String name, long perThousand) {
    return new Load.Result(name, 1000, perThousand, 1.0, 2_000);
  }
}
