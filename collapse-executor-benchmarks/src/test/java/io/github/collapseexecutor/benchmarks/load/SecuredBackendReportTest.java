package io.github.collapseexecutor.benchmarks.load;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.benchmarks.load.SecuredBackendCase.Round;
import io.github.collapseexecutor.benchmarks.load.SecuredBackendCase.RoundResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

final class SecuredBackendReportTest {

  @Test
  void write_judgesEachRoundAndLeavesTheMainResultsAlone(@TempDir Path out) throws IOException {
    ResultsPage.writeSection(out, Report.BEGIN, Report.END, "main results\n");
    Map<Round, RoundResult> results = new EnumMap<>(Round.class);
    results.put(
        Round.SHARED, new RoundResult(rounds(measured(104, 20), measured(109, 1000)), 0, 0, 0));
    results.put(
        Round.COOKIE, new RoundResult(rounds(measured(160, 1000), measured(105, 1000)), 2, 0, 900));

    Settings settings = Settings.parse(new String[] {"--cases=secured-backend", "--out=" + out});
    new SecuredBackendReport(settings).write(results, Duration.ofSeconds(170));

    String page = Files.readString(out.resolve("README.md"));
    assertThat(page)
        .contains(
            "main results",
            "| secured | 50 users, same Authorization, Spring Security's default headers"
                + " | 500 / 500 | **1.00x** | 1.00x | 104.0 / 109.0 | 1.04x | 120.0 / 120.0"
                + " | 20.0 / 1000.0 | 0 / 0 |",
            "| Same credentials: at most 100 backend calls per 1000 requests (5 of 50) | 20.0 | met |",
            "| Same credentials: p50 within 1.5x the endpoint's latency (150 ms) | p50 104.0 ms"
                + " | met |",
            "| Cookie per response: p50 within 1.5x the endpoint's latency (150 ms) | p50 160.0 ms"
                + " | **missed** |",
            "| Cookie per response: no two callers get the same cookie"
                + " | 2 responses with a cookie another had got | **missed** |",
            "- Round cookie: 900 requests with collapse went straight to the backend",
            "- The case took 2 min 50 s");
  }

  private static Rounds rounds(Measurement with, Measurement without) {
    return new Rounds(List.of(new Comparison(with, without)));
  }

  /** 5000 requests of 50 users in 10 s with this median, and this many backend calls per 1000. */
  private static Measurement measured(double p50Millis, long callsPerThousand) {
    return new Measurement(50, 5_000, 0, 10, p50Millis, 120, 5 * callsPerThousand);
  }
}
