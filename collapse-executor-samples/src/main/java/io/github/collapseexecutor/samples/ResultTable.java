package io.github.collapseexecutor.samples;

import java.util.ArrayList;
import java.util.List;

/**
 * The demo's tables: a row of figures per load result, and under each row a line that says what
 * the row shows and why.
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

  /** Starts a table whose columns are headed {@code columns}. */
  public ResultTable(Columns columns) {
    this.columns = columns;
  }

  /** Adds {@code result}, and under it {@code why}: what the row shows and what causes it. */
  public ResultTable row(Load.Result result, String why) {
    lines.add(String.format("%-34s %12.0f %14d %16.1f %10.1f", result.name(), result.throughput(),
        result.backendCalls(), result.perThousand(), result.p99Micros() / 1000.0));
    lines.add("    " + why);
    return this;
  }

  /** Prints the heading and the rows. */
  public void print() {
    System.out.printf("%-34s %12s %14s %16s %10s%n", "", columns.perSecond(),
        columns.backendCalls(), columns.perThousand(), "p99 (ms)");
    lines.forEach(System.out::println);
  }
}
