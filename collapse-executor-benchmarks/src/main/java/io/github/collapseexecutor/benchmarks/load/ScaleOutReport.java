package io.github.collapseexecutor.benchmarks.load;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The Markdown and chart of the scale-out case. It has a section of its own in the output
 * directory's {@code README.md}, between {@link #BEGIN} and {@link #END}, so that running this
 * case alone leaves the other cases' results as they are.
 */
final class ScaleOutReport {

  static final String BEGIN = "<!-- scale-out-results:begin (written by the load harness) -->";
  static final String END = "<!-- scale-out-results:end -->";
  static final String CHART = "scale-out-calls.png";

  /** The most consistent hashing may add to one instance's backend calls at 8 instances. */
  static final double MAX_GROWTH = 1.5;

  /** The most the fleet tier may add to one instance's backend calls at 8 instances. */
  static final double MAX_TIER_GROWTH = 1.2;

  /** The most the fleet tier may add to the median latency, in milliseconds. */
  static final double MAX_TIER_P50_MILLIS = 2;

  static final String TIER = "servlet filter, HAProxy round-robin, fleet tier";
  static final String CLIENTS = "client adapters (OkHttp), each instance its own";
  static final String CLIENT_TIER = "client adapters (OkHttp), fleet tier";

  private final Settings settings;
  private final List<String> conditions = new ArrayList<>();

  ScaleOutReport(Settings settings) {
    this.settings = settings;
  }

  /** Adds a line to the case's run conditions. */
  void condition(String format, Object... args) {
    conditions.add("- " + String.format(Locale.ROOT, format, args));
  }

  /** Returns a point's figures on one line, for the progress output. */
  static String describe(Measurement measured) {
    return String.format(
        Locale.ROOT,
        "%.0f TPS p99 %.1f ms, %.1f backend calls per 1000%s",
        measured.tps(),
        measured.p99Millis(),
        measured.callsPerThousand(),
        measured.errors() > 0 ? " (errors: " + measured.errors() + ")" : "");
  }

  /** Writes the case's section and chart into the output directory; the case took {@code took}. */
  void write(ScaleOutCase.Result result, Duration took) throws IOException {
    result.conditions().forEach(line -> condition("%s", line));
    condition("The case took %d min %02d s", took.toMinutes(), took.toSecondsPart());
    Map<String, List<ScaleOutPoint>> series = new LinkedHashMap<>();
    result
        .servlet()
        .forEach(
            (balancing, points) ->
                series.put("servlet filter, HAProxy " + balancing.title(), points));
    if (!result.nginx().isEmpty()) {
      series.put("servlet filter, nginx " + Balancing.CONSISTENT_HASH.title(), result.nginx());
    }
    if (result.fleetTier() != null) {
      series.put(TIER, result.fleetTier().points());
    }
    series.put(CLIENTS, result.clients());
    if (result.clientTier() != null) {
      series.put(CLIENT_TIER, result.clientTier().points());
    }
    new Charts(settings.out())
        .scaleOut(CHART, "Backend calls per 1000 requests, " + ScaleOutCase.KEYS, series);
    ResultsPage.writeSection(settings.out(), BEGIN, END, markdown(result, series));
  }

  private String markdown(ScaleOutCase.Result result, Map<String, List<ScaleOutPoint>> series) {
    StringBuilder md = new StringBuilder("### Scale-out: run conditions\n\n");
    conditions.forEach(line -> md.append(line).append('\n'));
    md.append("\n### Scale-out: backend calls, throughput and p99 against instances\n\n")
        .append(
            "Backend calls per 1000 requests, summed over the instances; \"x one instance\""
                + " divides by the same series' figure at one instance (nginx: by HAProxy's consistent"
                + " hash at one instance, the same single instance; the fleet tier's Redis rows: by"
                + " the tier's figure at one instance). Client side: p50 and p99 are the highest of"
                + " the client instances' own.\n\n")
        .append(
            "| side and balancing | instances | backend calls per 1000 requests"
                + " | x one instance | TPS | p50 ms | p99 ms | busiest instance's share of requests |\n")
        .append("|---|---:|---:|---:|---:|---:|---:|---:|\n");
    List<ScaleOutPoint> hashed = result.servlet().get(Balancing.CONSISTENT_HASH);
    series.forEach(
        (name, points) -> {
          double one =
              (points == result.nginx() ? hashed : points).get(0).measured().callsPerThousand();
          points.forEach(point -> md.append(row(name, point, one)));
        });
    FleetTierPoints tier = result.fleetTier();
    md.append(redisRows(TIER, tier)).append(redisRows(CLIENT_TIER, result.clientTier()));
    md.append("\n### Scale-out: targets\n\n| target | measured | met |\n|---|---|---|\n");
    List<ScaleOutPoint> roundRobin = result.servlet().get(Balancing.ROUND_ROBIN);
    if (hashed != null && roundRobin != null) {
      md.append(growthTarget("Consistent hash", hashed.get(0), last(hashed), true));
      md.append(growthTarget("Round-robin", roundRobin.get(0), last(roundRobin), false));
      if (!result.nginx().isEmpty()) {
        md.append(
            growthTarget("nginx's consistent hash", hashed.get(0), result.nginx().get(0), true));
      }
      if (tier != null) {
        md.append(tierTargets("Fleet tier, round-robin", "round-robin's", roundRobin, tier));
      }
    } else {
      md.append("| servlet side | skipped (see the run conditions) | - |\n");
    }
    if (result.clientTier() != null) {
      md.append(
          tierTargets("Client fleet tier", "the clients'", result.clients(), result.clientTier()));
    }
    md.append("\n![Backend calls per 1000 requests against instances](" + CHART + ")\n\n");
    return md.toString();
  }

  /**
   * Returns the row of a target on the backend calls at {@code many} instances against
   * {@code one}: within {@link #MAX_GROWTH} of it, or, where {@code bounded} is false, beyond.
   */
  private static String growthTarget(
      String balancing, ScaleOutPoint one, ScaleOutPoint many, boolean bounded) {
    double growth = many.measured().callsPerThousand() / one.measured().callsPerThousand();
    String target =
        bounded
            ? String.format(
                Locale.ROOT,
                "%s, %d instances: backend calls per 1000 requests within"
                    + " %.1fx of one instance's",
                balancing,
                many.instances(),
                MAX_GROWTH)
            : String.format(
                Locale.ROOT,
                "%s, %d instances: the growth shows (more than %.1fx one" + " instance's)",
                balancing,
                many.instances(),
                MAX_GROWTH);
    return ResultsPage.target(
        target,
        String.format(
            Locale.ROOT,
            "%.1f against %.1f: %.2fx",
            many.measured().callsPerThousand(),
            one.measured().callsPerThousand(),
            growth),
        bounded == (growth <= MAX_GROWTH));
  }

  private static String row(String name, ScaleOutPoint point, double one) {
    Measurement measured = point.measured();
    return String.format(
        Locale.ROOT,
        "| %s | %d | %.1f | %.2fx | %.0f%s | %s | %s | %s |%n",
        name,
        point.instances(),
        measured.callsPerThousand(),
        measured.callsPerThousand() / one,
        measured.tps(),
        measured.errors() == 0 ? "" : " (errors " + measured.errors() + ")",
        millis(measured.p50Millis()),
        millis(measured.p99Millis()),
        Double.isNaN(point.busiestShare())
            ? "-"
            : String.format(Locale.ROOT, "%.0f%%", 100 * point.busiestShare()));
  }

  /** Returns a latency in milliseconds, or a dash where the side does not measure it. */
  private static String millis(double value) {
    return Double.isNaN(value) ? "-" : String.format(Locale.ROOT, "%.1f", value);
  }

  /** Returns the rows of {@code tier}'s runs with Redis stopped and back, or none. */
  private static String redisRows(String name, FleetTierPoints tier) {
    if (tier == null) {
      return "";
    }
    double one = tier.points().get(0).measured().callsPerThousand();
    return row(name + ", Redis stopped halfway", tier.redisStopped(), one)
        + row(name + ", Redis running again", tier.redisBack(), one);
  }

  /**
   * Returns the rows of a fleet tier's targets: at the most instances, backend calls within
   * {@link #MAX_TIER_GROWTH} of one instance's without the tier and a median at most
   * {@link #MAX_TIER_P50_MILLIS} above the same side's without it; no failed request while Redis
   * stops; the same bound on calls once it runs again.
   *
   * @param label what the rows start with
   * @param baseline whose median the tier's is judged against, in the row's words
   * @param without the same side's points without the tier
   */
  private static String tierTargets(
      String label, String baseline, List<ScaleOutPoint> without, FleetTierPoints tier) {
    ScaleOutPoint one = without.get(0);
    ScaleOutPoint withoutTier = last(without);
    ScaleOutPoint withTier = last(tier.points());
    double growth = withTier.measured().callsPerThousand() / one.measured().callsPerThousand();
    double back =
        tier.redisBack().measured().callsPerThousand() / one.measured().callsPerThousand();
    double addedP50 = withTier.measured().p50Millis() - withoutTier.measured().p50Millis();
    return ResultsPage.target(
            String.format(
                Locale.ROOT,
                "%s, %d instances: backend calls per 1000"
                    + " requests at most %.1fx one instance's without it",
                label,
                withTier.instances(),
                MAX_TIER_GROWTH),
            String.format(
                Locale.ROOT,
                "%.1f against %.1f: %.2fx",
                withTier.measured().callsPerThousand(),
                one.measured().callsPerThousand(),
                growth),
            growth <= MAX_TIER_GROWTH)
        + ResultsPage.target(
            String.format(
                Locale.ROOT,
                "%s, %d instances: p50 at most %.0f ms above" + " %s without it",
                label,
                withTier.instances(),
                MAX_TIER_P50_MILLIS,
                baseline),
            String.format(
                Locale.ROOT,
                "%.1f ms against %.1f ms: %+.1f ms",
                withTier.measured().p50Millis(),
                withoutTier.measured().p50Millis(),
                addedP50),
            addedP50 <= MAX_TIER_P50_MILLIS)
        + ResultsPage.target(
            label + ", Redis stopped halfway through a run: no failed request",
            tier.redisStopped().measured().errors()
                + " failed of "
                + tier.redisStopped().measured().requests(),
            tier.redisStopped().measured().errors() == 0)
        + ResultsPage.target(
            String.format(
                Locale.ROOT,
                "%s, Redis running again: the tier resumes"
                    + " (backend calls per 1000 requests at most %.1fx one instance's)",
                label,
                MAX_TIER_GROWTH),
            String.format(
                Locale.ROOT,
                "%.1f against %.1f: %.2fx",
                tier.redisBack().measured().callsPerThousand(),
                one.measured().callsPerThousand(),
                back),
            back <= MAX_TIER_GROWTH);
  }

  private static ScaleOutPoint last(List<ScaleOutPoint> points) {
    return points.get(points.size() - 1);
  }
}
