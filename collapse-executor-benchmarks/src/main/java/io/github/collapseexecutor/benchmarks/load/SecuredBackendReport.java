package io.github.collapseexecutor.benchmarks.load;

import io.github.collapseexecutor.benchmarks.load.SecuredBackendCase.Round;
import io.github.collapseexecutor.benchmarks.load.SecuredBackendCase.RoundResult;
import io.github.collapseexecutor.benchmarks.load.securedbackend.SecuredBackendApplication;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The Markdown of the Spring Security backend case. It has a section of its own in the output
 * directory's {@code README.md}, between {@link #BEGIN} and {@link #END}, so that running this
 * case alone leaves the other cases' results as they are.
 */
final class SecuredBackendReport {

  static final String BEGIN =
      "<!-- secured-backend-results:begin (written by the load harness) -->";
  static final String END = "<!-- secured-backend-results:end -->";

  /** The most collapse may add to the median latency, as a multiple of the endpoint's. */
  static final double MAX_P50_FACTOR = 1.5;

  /** The most backend calls per 1000 requests the shared round may make: 5 of 50. */
  static final double MAX_CALLS_PER_THOUSAND = 100;

  private final Settings settings;
  private final List<String> conditions = new ArrayList<>();

  SecuredBackendReport(Settings settings) {
    this.settings = settings;
  }

  /** Adds a line to the case's run conditions. */
  void condition(String format, Object... args) {
    conditions.add("- " + String.format(Locale.ROOT, format, args));
  }

  /** Writes the case's section into the output directory; the case took {@code took}. */
  void write(Map<Round, RoundResult> results, Duration took) throws IOException {
    results.forEach(
        (round, result) ->
            condition(
                "Round %s: %d requests with collapse went"
                    + " straight to the backend because their key was marked for hit-for-pass",
                round.endpoint(), result.hitForPass()));
    condition("The case took %d min %02d s", took.toMinutes(), took.toSecondsPart());
    ResultsPage.writeSection(settings.out(), BEGIN, END, markdown(results));
  }

  private String markdown(Map<Round, RoundResult> results) {
    StringBuilder md = new StringBuilder("### Spring Security backend: run conditions\n\n");
    conditions.forEach(line -> md.append(line).append('\n'));
    md.append("\n### RestClient against a Spring Security backend\n\n")
        .append("Ratio = TPS with collapse / TPS without, both measured in this run, in ")
        .append(settings.rounds())
        .append(
            " round(s), without then with; the columns show the"
                + " round with the median ratio. \"p50 with / endpoint\" divides the median latency"
                + " with collapse by the endpoint's own ")
        .append(SecuredBackendApplication.LATENCY_MS)
        .append(" ms.\n\n")
        .append(
            "| round | load | TPS with / without | ratio | every round's ratio"
                + " | p50 ms with / without | p50 with / endpoint | p99 ms with / without"
                + " | backend calls per 1000 requests with / without"
                + " | responses with another's cookie with / without |\n")
        .append("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    results.forEach((round, result) -> md.append(row(round, result)));
    md.append(
        "\n### Spring Security backend: targets\n\n| target | measured | met |\n"
            + "|---|---|---|\n");
    RoundResult shared = results.get(Round.SHARED);
    if (shared != null) {
      Measurement with = shared.rounds().median().with();
      md.append(
          ResultsPage.target(
              String.format(
                  Locale.ROOT,
                  "Same credentials: at most %.0f backend" + " calls per 1000 requests (5 of %d)",
                  MAX_CALLS_PER_THOUSAND,
                  SecuredBackendCase.USERS),
              String.format(Locale.ROOT, "%.1f", with.callsPerThousand()),
              with.callsPerThousand() <= MAX_CALLS_PER_THOUSAND));
      md.append(p50Target("Same credentials", with));
    }
    RoundResult cookie = results.get(Round.COOKIE);
    if (cookie != null) {
      md.append(p50Target("Cookie per response", cookie.rounds().median().with()));
      md.append(
          ResultsPage.target(
              "Cookie per response: no two callers get the same cookie",
              cookie.repeatedCookiesWith() + " responses with a cookie another had got",
              cookie.repeatedCookiesWith() == 0));
    }
    md.append('\n');
    return md.toString();
  }

  private static String row(Round round, RoundResult result) {
    Comparison comparison = result.rounds().median();
    Measurement with = comparison.with();
    Measurement without = comparison.without();
    String errors =
        with.errors() + without.errors() == 0
            ? ""
            : String.format(Locale.ROOT, " (errors %d / %d)", with.errors(), without.errors());
    return String.format(
        Locale.ROOT,
        "| %s | %d users, %s | %.0f / %.0f%s | **%.2fx** | %s"
            + " | %.1f / %.1f | %.2fx | %.1f / %.1f | %.1f / %.1f | %d / %d |%n",
        round.endpoint(),
        SecuredBackendCase.USERS,
        round.load(),
        with.tps(),
        without.tps(),
        errors,
        comparison.ratio(),
        result.rounds().ratios(),
        with.p50Millis(),
        without.p50Millis(),
        with.p50Millis() / SecuredBackendApplication.LATENCY_MS,
        with.p99Millis(),
        without.p99Millis(),
        with.callsPerThousand(),
        without.callsPerThousand(),
        result.repeatedCookiesWith(),
        result.repeatedCookiesWithout());
  }

  private static String p50Target(String round, Measurement with) {
    double bound = MAX_P50_FACTOR * SecuredBackendApplication.LATENCY_MS;
    return ResultsPage.target(
        String.format(
            Locale.ROOT,
            "%s: p50 within %.1fx the endpoint's" + " latency (%.0f ms)",
            round,
            MAX_P50_FACTOR,
            bound),
        String.format(Locale.ROOT, "p50 %.1f ms", with.p50Millis()),
        with.p50Millis() <= bound);
  }
}
