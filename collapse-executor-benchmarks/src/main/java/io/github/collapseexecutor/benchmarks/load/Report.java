package io.github.collapseexecutor.benchmarks.load;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The Markdown of a run: conditions, each case beside the reference figures, the targets
 * met or missed with the measured numbers, the sweeps and the charts. It replaces the part of
 * {@code README.md} in the output directory between {@link #BEGIN} and {@link #END}, so that the
 * prose around it stays as written; a file without those lines is written anew.
 */
final class Report {

  static final String BEGIN = "<!-- load-results:begin (written by the load harness) -->";
  static final String END = "<!-- load-results:end -->";

  private final Settings settings;
  private final List<String> conditions = new ArrayList<>();
  private final List<String> headline = new ArrayList<>();
  private final List<String> targets = new ArrayList<>();
  private final List<String> details = new ArrayList<>();

  Report(Settings settings) {
    this.settings = settings;
  }

  /** Adds a line to the run conditions. */
  void condition(String format, Object... args) {
    conditions.add("- " + String.format(Locale.ROOT, format, args));
  }

  void servlet(ServletCase.Result result) {
    Comparison main = result.main().median();
    headline.add(
        ReferenceFigures.row(
            "Servlet filter",
            ServletCase.USERS
                + " closed-loop users (wrk), endpoint"
                + " sleeps 100 ms, Tomcat max 200 threads",
            result.main(),
            ReferenceFigures.SERVLET));
    double limit = ServletCase.closedLoopLimit(ServletCase.USERS);
    double share = main.with().tps() / limit;
    double p99Bound = 1.1 * ServletCase.ENDPOINT_MILLIS;
    targets.add(
        ResultsPage.target(
            String.format(
                Locale.ROOT, "Servlet: at least 97%% of the closed-loop limit (%.0f TPS)", limit),
            String.format(
                Locale.ROOT, "%.0f TPS = %.1f%% of the limit", main.with().tps(), 100 * share),
            share >= 0.97));
    targets.add(
        ResultsPage.target(
            String.format(
                Locale.ROOT, "Servlet: p99 under %.0f ms (1.1x the endpoint's latency)", p99Bound),
            String.format(Locale.ROOT, "p99 %.1f ms", main.with().p99Millis()),
            main.with().p99Millis() < p99Bound));
    details.add("### Servlet filter: users against throughput and p99\n");
    details.add(sweepTable(result.sweep(), true));
    details.add("![Servlet throughput](servlet-tps.png)\n\n![Servlet p99](servlet-p99.png)\n");
  }

  void clients(ClientCases.Result result) {
    result
        .main()
        .forEach(
            (adapter, rounds) -> {
              Comparison comparison = rounds.median();
              headline.add(
                  ReferenceFigures.row(
                      adapter.title(),
                      ClientCases.USERS
                          + (adapter == ClientAdapter.WEB_CLIENT
                              ? " requests in flight"
                              : " client threads")
                          + ", backend endpoint with no delay",
                      rounds,
                      ReferenceFigures.CLIENTS.get(adapter)));
              double minimumRatio = adapter == ClientAdapter.WEB_CLIENT ? 1.5 : 1.8;
              targets.add(
                  ResultsPage.target(
                      String.format(
                          Locale.ROOT,
                          "%s: at least %.1fx the TPS without collapse, p99 at most a third",
                          adapter.title(),
                          minimumRatio),
                      String.format(
                          Locale.ROOT,
                          "%.2fx, p99 %.1f ms = %.2f of %.1f ms",
                          comparison.ratio(),
                          comparison.with().p99Millis(),
                          comparison.with().p99Millis() / comparison.without().p99Millis(),
                          comparison.without().p99Millis()),
                      comparison.ratio() >= minimumRatio
                          && comparison.with().p99Millis()
                              <= comparison.without().p99Millis() / 3));
            });
    details.add("### RestClient: users against throughput and p99\n");
    details.add(sweepTable(result.restClientSweep(), false));
    details.add(
        "![RestClient throughput](restclient-tps.png)\n\n"
            + "![RestClient p99](restclient-p99.png)\n");
    details.add("### Batch sizes under load (" + ClientCases.USERS + " users)\n");
    StringBuilder table = new StringBuilder("| requests sharing a call |");
    result
        .batchSizes()
        .keySet()
        .forEach(adapter -> table.append(' ').append(adapter.title()).append(" |"));
    table.append("\n|---|").append("---:|".repeat(result.batchSizes().size())).append('\n');
    List<String> labels = BatchSizes.labels();
    for (int i = 0; i < labels.size(); i++) {
      table.append("| ").append(labels.get(i)).append(" |");
      for (BatchSizes sizes : result.batchSizes().values()) {
        table.append(String.format(Locale.ROOT, " %.1f%% |", sizes.requestShares().get(i)));
      }
      table.append('\n');
    }
    table.append("| mean requests per call |");
    result
        .batchSizes()
        .values()
        .forEach(sizes -> table.append(String.format(Locale.ROOT, " %.1f |", sizes.meanSize())));
    details.add(table.append("\n\n![Batch sizes](batch-sizes.png)\n").toString());
  }

  void webflux(Rounds rounds) {
    headline.add(
        ReferenceFigures.row(
            "WebFlux filter",
            WebFluxCase.USERS
                + " closed-loop users in the harness's"
                + " process, handler waits 100 ms then renders 10 KB",
            rounds,
            null));
  }

  void groupCommit(List<GroupCommitCase.Result> results) {
    StringBuilder table =
        new StringBuilder(
            "### Group commit per database\n\n"
                + "| database | durability | side | orders/s | transactions | orders per transaction"
                + " | p99 (ms) |\n|---|---|---|---:|---:|---:|---:|\n");
    for (GroupCommitCase.Result result : results) {
      String name = result.server().title;
      if (result.rounds() == null) {
        table
            .append("| ")
            .append(name)
            .append(" | | ")
            .append(result.version())
            .append(" | | | | |\n");
        continue;
      }
      Comparison comparison = result.rounds().median();
      headline.add(
          ReferenceFigures.row(
              "Group commit, " + name + " " + result.version(),
              GroupCommitCase.SUBMITTERS
                  + " concurrent order submissions (single-row commits over "
                  + GroupCommitCase.CONNECTIONS
                  + " connections), "
                  + result.durability(),
              result.rounds(),
              ReferenceFigures.GROUP_COMMIT));
      if (result.server() == GroupCommitCase.Server.MARIADB) {
        targets.add(
            ResultsPage.target(
                "Group commit on MariaDB: at least 3x single-row commits",
                String.format(Locale.ROOT, "%.2fx (%s)", comparison.ratio(), result.durability()),
                comparison.ratio() >= 3));
      }
      for (boolean with : new boolean[] {true, false}) {
        Measurement side = with ? comparison.with() : comparison.without();
        table.append(
            String.format(
                Locale.ROOT,
                "| %s | %s | %s | %.0f | %d | %.1f | %.1f |%n",
                name + " " + result.version(),
                result.durability(),
                with ? "OrderWriter" : "a transaction per order",
                side.tps(),
                side.backendCalls(),
                side.backendCalls() == 0 ? 0 : (double) side.requests() / side.backendCalls(),
                side.p99Millis()));
      }
    }
    details.add(table.toString());
  }

  /** Writes the Markdown into {@code README.md} of the output directory. */
  void write() throws IOException {
    ResultsPage.writeSection(settings.out(), BEGIN, END, markdown());
  }

  private String markdown() {
    StringBuilder md = new StringBuilder();
    md.append("### Run conditions\n\n");
    conditions.forEach(line -> md.append(line).append('\n'));
    md.append("\n### Results beside the reference figures\n\n")
        .append(
            "Ratio = TPS with collapse / TPS without, both measured in this run. Each case ran"
                + " its two sides in "
                + settings.rounds()
                + " round(s), without then with; the"
                + " columns show the round with the median ratio, and the ratio of every round."
                + " Backend calls per 1000 requests show what collapse saved. The reference figures"
                + " are published results for the same loads on other hardware: compare their"
                + " ratios, not their TPS.\n\n")
        .append(
            "| case | load | TPS with / without | ratio | every round's ratio"
                + " | p50 ms with / without | p99 ms with / without"
                + " | backend calls per 1000 requests with / without"
                + " | reference TPS with / without (ratio) | reference p99 ms with / without |\n")
        .append("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    headline.forEach(md::append);
    md.append("\n### Targets\n\n| target | measured | met |\n|---|---|---|\n");
    targets.forEach(md::append);
    md.append('\n');
    details.forEach(section -> md.append(section).append('\n'));
    return md.toString();
  }

  private static String sweepTable(List<Comparison> sweep, boolean withLimit) {
    StringBuilder table =
        new StringBuilder(
            "| users | TPS with | TPS without | ratio | p99 ms with"
                + " | p99 ms without | backend calls per 1000 with |"
                + (withLimit ? " closed-loop limit |" : "")
                + "\n|---:|---:|---:|---:|---:|---:|---:|"
                + (withLimit ? "---:|" : "")
                + "\n");
    for (Comparison point : sweep) {
      table.append(
          String.format(
              Locale.ROOT,
              "| %d | %.0f | %.0f | %.2fx | %.1f | %.1f | %.1f |",
              point.with().users(),
              point.with().tps(),
              point.without().tps(),
              point.ratio(),
              point.with().p99Millis(),
              point.without().p99Millis(),
              point.with().callsPerThousand()));
      if (withLimit) {
        table.append(
            String.format(
                Locale.ROOT, " %.0f |", ServletCase.closedLoopLimit(point.with().users())));
      }
      table.append('\n');
    }
    return table.toString();
  }
}
