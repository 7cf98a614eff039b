package io.github.collapseexecutor.benchmarks.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

final class ScaleOutReportTest {

  @Test
  void write_judgesEachBalancingAtTheMostInstancesAgainstOneInstance(@TempDir Path out)
      throws IOException {
    Map<Balancing, List<ScaleOutPoint>> servlet = new EnumMap<>(Balancing.class);
    servlet.put(Balancing.ROUND_ROBIN, List.of(point(1, 200), point(8, 280)));
    servlet.put(Balancing.CONSISTENT_HASH, List.of(point(1, 200), point(8, 310)));
    ScaleOutCase.Result result =
        new ScaleOutCase.Result(
            servlet,
            List.of(point(8, 290)),
            List.of(point(1, 190), point(8, 550)),
            null,
            null,
            List.of("conditions of the case"));

    Settings settings =
        Settings.parse(new String[] {"--quick", "--cases=scale-out", "--out=" + out});
    new ScaleOutReport(settings).write(result, Duration.ofSeconds(75));

    String page = Files.readString(out.resolve("README.md"));
    assertThat(page)
        .contains(
            "| Consistent hash, 8 instances: backend calls per 1000 requests within 1.5x of one"
                + " instance's | 310.0 against 200.0: 1.55x | **missed** |",
            "| Round-robin, 8 instances: the growth shows (more than 1.5x one instance's)"
                + " | 280.0 against 200.0: 1.40x | **missed** |",
            "| nginx's consistent hash, 8 instances: backend calls per 1000 requests within 1.5x of"
                + " one instance's | 290.0 against 200.0: 1.45x | met |",
            "| client adapters (OkHttp), each instance its own | 8 | 550.0 | 2.89x |",
            "- conditions of the case",
            "- The case took 1 min 15 s");
    assertThat(out.resolve(ScaleOutReport.CHART)).isNotEmptyFile();
  }

  @Test
  void write_judgesTheFleetTierAgainstOneInstanceWithoutIt(@TempDir Path out) throws IOException {
    Map<Balancing, List<ScaleOutPoint>> servlet = new EnumMap<>(Balancing.class);
    servlet.put(Balancing.ROUND_ROBIN, List.of(point(1, 200), point(8, 500)));
    servlet.put(Balancing.CONSISTENT_HASH, List.of(point(1, 200), point(8, 210)));
    FleetTierPoints tier =
        new FleetTierPoints(
            List.of(point(1, 205), point(8, 230)),
            new ScaleOutPoint(8, new Measurement(200, 10_000, 3, 10, 101, 130, 3_500), 0.13),
            point(8, 250));
    FleetTierPoints clientTier =
        new FleetTierPoints(List.of(point(1, 180), point(8, 200)), point(8, 400), point(8, 195));
    ScaleOutCase.Result result =
        new ScaleOutCase.Result(
            servlet, List.of(), List.of(point(1, 190), point(8, 550)), clientTier, tier, List.of());

    Settings settings =
        Settings.parse(new String[] {"--quick", "--cases=scale-out", "--out=" + out});
    new ScaleOutReport(settings).write(result, Duration.ofSeconds(75));

    String page = Files.readString(out.resolve("README.md"));
    assertThat(page)
        .contains(
            "| servlet filter, HAProxy round-robin, fleet tier | 8 | 230.0 | 1.12x |",
            "| servlet filter, HAProxy round-robin, fleet tier, Redis stopped halfway | 8 | 350.0 |"
                + " 1.71x | 1000 (errors 3) | 101.0 | 130.0 | 13% |",
            "| Fleet tier, round-robin, 8 instances: backend calls per 1000 requests at most 1.2x"
                + " one instance's without it | 230.0 against 200.0: 1.15x | met |",
            "| Fleet tier, round-robin, 8 instances: p50 at most 2 ms above round-robin's without it"
                + " | 100.0 ms against 100.0 ms: +0.0 ms | met |",
            "| Fleet tier, round-robin, Redis stopped halfway through a run: no failed request"
                + " | 3 failed of 10000 | **missed** |",
            "| Fleet tier, round-robin, Redis running again: the tier resumes (backend calls per 1000"
                + " requests at most 1.2x one instance's) | 250.0 against 200.0: 1.25x | **missed** |",
            "| client adapters (OkHttp), fleet tier | 8 | 200.0 | 1.11x |",
            "| client adapters (OkHttp), fleet tier, Redis stopped halfway | 8 | 400.0 | 2.22x |",
            "| Client fleet tier, 8 instances: backend calls per 1000 requests at most 1.2x one"
                + " instance's without it | 200.0 against 190.0: 1.05x | met |",
            "| Client fleet tier, 8 instances: p50 at most 2 ms above the clients' without it"
                + " | 100.0 ms against 100.0 ms: +0.0 ms | met |",
            "| Client fleet tier, Redis stopped halfway through a run: no failed request"
                + " | 0 failed of 10000 | met |");
  }

  /** A point whose backend made {@code callsPerThousand} calls per 1000 requests. */
  private static ScaleOutPoint point(int instances, long callsPerThousand) {
    return new ScaleOutPoint(
        instances, new Measurement(200, 10_000, 0, 10, 100, 120, 10 * callsPerThousand), 0.5);
  }
}
