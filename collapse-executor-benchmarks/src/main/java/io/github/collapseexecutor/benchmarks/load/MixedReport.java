package io.github.collapseexecutor.benchmarks.load;

import io.github.collapseexecutor.benchmarks.load.MixedCase.Result;
import io.github.collapseexecutor.benchmarks.load.MixedCase.Round;
import io.github.collapseexecutor.benchmarks.load.MixedCase.Side;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The Markdown of the mixed reads-and-writes case. It has a section of its own in the output
 * directory's {@code README.md}, between {@link #BEGIN} and {@link #END}, so that running this
 * case alone leaves the other cases' results as they are.
 */
final class MixedReport {

  static final String BEGIN = "<!-- mixed-results:begin (written by the load harness) -->";
  static final String END = "<!-- mixed-results:end -->";

  private final Settings settings;
  private final List<String> conditions = new ArrayList<>();

  MixedReport(Settings settings) {
    this.settings = settings;
  }

  /** Adds a line to the case's run conditions. */
  void condition(String format, Object... args) {
    conditions.add("- " + String.format(Locale.ROOT, format, args));
  }

  /** Adds the workload and the command that regenerates the section to the run conditions. */
  void describeLoad() {
    condition(
        "Workload: %d closed-loop users in the harness's process (JDK HttpClient, HTTP/1.1),"
            + " each request a read or, one in %d, a write, of one of %d keys drawn at random;"
            + " the sample application in a JVM of its own, Tomcat max 200 threads; a read's"
            + " handler reads the version, then sleeps %d ms; a write's sleeps %d ms, then"
            + " increments it",
        MixedCase.USERS,
        MixedCase.WRITE_SHARE,
        MixedCase.KEYS,
        MixedCase.READ_MILLIS,
        MixedCase.WRITE_MILLIS);
    condition(
        "Command: `collapse-executor-benchmarks/load.sh --cases=mixed%s`",
        settings.quick() ? " --quick" : "");
  }

  /** Writes the case's section into the output directory; the case took {@code took}. */
  void write(Result result, Duration took) throws IOException {
    condition("The case took %d min %02d s", took.toMinutes(), took.toSecondsPart());
    ResultsPage.writeSection(settings.out(), BEGIN, END, markdown(result));
  }

  /** Returns the case's section: its run conditions, the median round and the targets. */
  String markdown(Result result) {
    Round median = result.median();
    StringBuilder md = new StringBuilder("### Mixed reads and writes: run conditions\n\n");
    conditions.forEach(line -> md.append(line).append('\n'));
    md.append("\n### Mixed reads and writes, with and without collapse\n\n")
        .append("Ratio = with collapse / without, both measured in this run, in ")
        .append(settings.rounds())
        .append(
            " round(s), without then with; the rows show the round"
                + " with the median throughput ratio (every round's: ")
        .append(
            result.rounds().stream()
                .map(round -> String.format(Locale.ROOT, "%.2fx", round.ratio()))
                .collect(Collectors.joining(", ")))
        .append(
            "). TPS counts reads and writes; p50 and p99 are over every request. A read is"
                + " stale if it answered a lower version than a write to its key had answered"
                + " before the read was sent; stale reads are counted over every run of a side, the"
                + " warm-up's included.\n\n")
        .append(
            "| side | TPS | p50 ms | p99 ms | read handler runs per 1000 reads"
                + " | stale reads / reads judged |\n")
        .append("|---|---:|---:|---:|---:|---:|\n")
        .append(row("collapse on (`/mixed/collapse/*`)", median.with(), result.with()))
        .append(row("collapse off (`/mixed/noop/*`)", median.without(), result.without()))
        .append(
            String.format(
                Locale.ROOT,
                "| on / off | **%.2fx** | %.2fx | %.2fx | %.2fx | |%n",
                median.ratio(),
                ratio(median.with().load().p50Millis(), median.without().load().p50Millis()),
                ratio(median.with().load().p99Millis(), median.without().load().p99Millis()),
                ratio(
                    median.with().readRunsPerThousand(), median.without().readRunsPerThousand())));
    md.append(
            "\n### Mixed reads and writes: targets\n\n| target | measured | met |\n"
                + "|---|---|---|\n")
        .append(staleTarget("Collapse on: no read goes back in time", result.with()))
        .append(
            staleTarget(
                "Collapse off: no read goes back in time (checks the endpoint and" + " the judge)",
                result.without()))
        .append('\n');
    return md.toString();
  }

  private static String row(String name, Side side, MixedLoad.Counts judged) {
    Measurement load = side.load();
    String errors =
        load.errors() == 0 ? "" : String.format(Locale.ROOT, " (errors %d)", load.errors());
    return String.format(
        Locale.ROOT,
        "| %s | %.0f%s | %.1f | %.1f | %.1f | %d / %d |%n",
        name,
        load.tps(),
        errors,
        load.p50Millis(),
        load.p99Millis(),
        side.readRunsPerThousand(),
        judged.staleReads(),
        judged.reads());
  }

  private static String staleTarget(String target, MixedLoad.Counts judged) {
    String measured =
        String.format(Locale.ROOT, "%d stale of %d reads", judged.staleReads(), judged.reads());
    if (judged.staleReads() > 0) {
      measured += ", such as " + judged.firstStale();
    }
    return ResultsPage.target(target, measured, judged.staleReads() == 0);
  }

  private static double ratio(double with, double without) {
    return without == 0 ? Double.NaN : with / without;
  }
}
