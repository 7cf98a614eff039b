package io.github.collapseexecutor.samples;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The demo's tables: a row of figures per load result, and under each row a line that says what
 * the row shows and why. A result measured in rounds shows its median round and the spread from
 * its slowest to its fastest round; a pair compared with {@link #compared} says on the collapsing
 * row's line whether collapse gained throughput, and why not when it did not, and adds a summary
 * line printed under the table.
 */
public final class ResultTable {

  /** What the rows count, as the column headings say it: requests and backend calls, or others. */
  public record Columns(String perSecond, String backendCalls, String perThousand) {

    /** Requests against backend calls. */
    public static final Columns REQUESTS =
        new Columns("requests/s", "backend calls", "calls/1000 req");
  }

  private final Columns columns;
  private final List<String> lines = new ArrayList<>();
  private final List<String> summaries = new ArrayList<>();

  /** Starts a table whose columns are headed {@code columns}. */
  public ResultTable(Columns columns) {
    this.columns = columns;
  }

  /** Adds {@code result}, and under it {@code why}: what the row shows and what causes it. */
  public ResultTable row(Load.Result result, String why) {
    Load.Spread spread = result.spread();
    lines.add(
        String.format(
            "%-34s %12.0f %15s %14d %16.1f %10.1f",
            result.name(),
            result.throughput(),
            spread == null ? "-" : String.format("%.0f-%.0f", spread.low(), spread.high()),
            result.backendCalls(),
            result.perThousand(),
            result.p99Micros() / 1000.0));
    lines.add("    " + why);
    return this;
  }

  /**
   * Adds a direct and a collapsing result of the same load. The collapsing row's line starts
   * with the verdict: a gain when the collapsing median round beat every direct round, else no
   * gain, followed by {@code gained} or {@code notGained} as the verdict is.
   */
  public ResultTable compared(
      Load.Result direct,
      String directWhy,
      Load.Result collapsing,
      String gained,
      String notGained) {
    boolean gain = gained(direct, collapsing);
    row(direct, directWhy);
    row(collapsing, (gain ? "gain: " : "no gain: ") + (gain ? gained : notGained));
    summaries.add(
        String.format(
            "%s: %s, median %.0f vs %.0f %s (rounds %s vs %s), %.1f vs %.1f" + " %s",
            collapsing.name(),
            gain ? "gain" : "no gain",
            collapsing.throughput(),
            direct.throughput(),
            columns.perSecond(),
            range(collapsing),
            range(direct),
            collapsing.perThousand(),
            direct.perThousand(),
            columns.perThousand()));
    return this;
  }

  /** Whether the median round of {@code collapsing} beat every round of {@code direct}. */
  public static boolean gained(Load.Result direct, Load.Result collapsing) {
    if (direct.spread() == null || collapsing.spread() == null) {
      return collapsing.throughput() > direct.throughput();
    }
    return collapsing.spread().beats(direct.spread());
  }

  private static String range(Load.Result result) {
    Load.Spread spread = result.spread();
    return spread == null ? "one run" : String.format("%.0f-%.0f", spread.low(), spread.high());
  }

  /** Prints the heading, the rows and the summary lines. */
  public void print() {
    System.out.printf(
        "%-34s %12s %15s %14s %16s %10s%n",
        "",
        columns.perSecond(),
        "spread",
        columns.backendCalls(),
        columns.perThousand(),
        "p99 (ms)");
    lines.forEach(System.out::println);
    if (!summaries.isEmpty()) {
      System.out.println();
      summaries.forEach(System.out::println);
    }
  }

  /** Says how each row was measured, for the heading of each part of the demo. */
  public static String roundsNote(int rounds, Duration roundTime) {
    return String.format(
        "each row is the median of %d rounds of %.1f s, taken in turn with the"
            + " row it is compared with; spread: its slowest to its fastest round; a gain is claimed"
            + " only when the median round with collapse beat every round without",
        rounds, roundTime.toMillis() / 1000.0);
  }
}
