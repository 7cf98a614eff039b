package io.github.collapseexecutor.benchmarks.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import org.junit.jupiter.api.Test;

final class WrkTest {

  private static final String REPORT =
      String.join(
          "\n",
          "Running 20s test @ http://127.0.0.1:8080/test/collapse100",
          "  2 threads and 400 connections",
          "  Thread Stats   Avg      Stdev     Max   +/- Stdev",
          "    Latency   101.35ms    3.61ms 179.08ms   86.08%",
          "    Req/Sec     1.96k   139.59     2.20k    76.19%",
          "  Latency Distribution",
          "     50%  100.37ms",
          "     75%  101.29ms",
          "     90%  102.55ms",
          "     99%    1.12s",
          "  78210 requests in 20.01s, 10.65MB read",
          "  Socket errors: connect 0, read 3, write 0, timeout 2",
          "  Non-2xx or 3xx responses: 7",
          "Requests/sec:   3908.55",
          "Transfer/sec:    545.21KB",
          "");

  @Test
  void parse_readsTotalsPercentilesAndErrorsInTheirUnits() throws IOException {
    Measurement measured = Wrk.parse(REPORT, 400);

    assertThat(measured.users()).isEqualTo(400);
    assertThat(measured.requests()).isEqualTo(78210);
    assertThat(measured.seconds()).isCloseTo(20.01, within(1e-9));
    assertThat(measured.p50Millis()).isCloseTo(100.37, within(1e-9));
    assertThat(measured.p99Millis()).isCloseTo(1120.0, within(1e-9));
    assertThat(measured.errors()).isEqualTo(3 + 2 + 7);
  }

  @Test
  void parse_reportWithoutLatencyDistribution_fails() {
    String withoutDistribution = REPORT.replaceAll("(?m)^\\s+(50|75|90|99)%.*$", "");

    assertThatThrownBy(() -> Wrk.parse(withoutDistribution, 400))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("no latency distribution");
  }
}
