package io.github.collapseexecutor.benchmarks.load;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.benchmarks.load.FailoverPhase.Window;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

final class FleetFailoverReportTest {

  @Test
  void write_judgesEachPhaseOnFailedRequestsAndTheTimeBackToCoordinating(@TempDir Path out)
      throws IOException {
    FailoverPhase back =
        new FailoverPhase(
            "Sentinel",
            "SENTINEL FAILOVER",
            window(6000, 0, 100),
            window(300, 0, 15),
            window(12000, 0, 200),
            10.9,
            12.4,
            0.3,
            11.9,
            1,
            80,
            List.of("Redis lost its connection"),
            "");
    FailoverPhase notBack =
        new FailoverPhase(
            "Cluster",
            "master killed",
            window(6000, 0, 100),
            window(12000, 2, 600),
            null,
            0.2,
            Double.NaN,
            9.8,
            6.1,
            0,
            80,
            List.of("Redis failed: CLUSTERDOWN | the cluster is down"),
            "java.io.IOException: GET http://127.0.0.1:8080/ answered 503");
    Settings settings =
        Settings.parse(new String[] {"--quick", "--cases=fleet-failover", "--out=" + out});

    new FleetFailoverReport(settings)
        .write(
            new FleetFailoverCase.Result(List.of(back, notBack), List.of("conditions of the case")),
            Duration.ofSeconds(200));

    String page = Files.readString(out.resolve("README.md"));
    assertThat(page)
        .contains(
            "| Sentinel | SENTINEL FAILOVER | during | 15.0 | 300 | 0 | 50.0 | 3 | 120.0 | 900.0 |",
            "| Cluster | master killed | during | 15.0 | 12000 | 2 | 50.0 | 3 | 120.0 | 900.0 |",
            "| Sentinel | SENTINEL FAILOVER | 0 of 18300 | 10.9 s | 12.4 s | 11.9 s | 0.3 s"
                + " | 1 of 80 | Redis lost its connection |",
            "| Cluster | master killed | 2 of 18002 | 0.2 s | not by the end of the phase | 6.1 s"
                + " | 9.8 s | 0 of 80 | Redis failed: CLUSTERDOWN \\| the cluster is down |",
            "| Sentinel, SENTINEL FAILOVER: no failed request | 0 failed of 18300 | met |",
            "| Sentinel, SENTINEL FAILOVER: the instances coordinate again within 30 s | 12.4 s"
                + " | met |",
            "| Cluster, master killed: no failed request | 2 failed of 18002, the first:"
                + " java.io.IOException: GET http://127.0.0.1:8080/ answered 503 | **missed** |",
            "| Cluster, master killed: the instances coordinate again within 30 s"
                + " | not by the end of the phase | **missed** |",
            "- conditions of the case",
            "- The case took 3 min 20 s");
    assertThat(page).doesNotContain("| Cluster | master killed | after |");
  }

  /** A window of 15 s with {@code calls} backend calls and 3 fallbacks, p99 120 ms, max 900. */
  private static Window window(long requests, long errors, long calls) {
    return new Window(15, requests, errors, calls, 3, 120, 900);
  }
}
