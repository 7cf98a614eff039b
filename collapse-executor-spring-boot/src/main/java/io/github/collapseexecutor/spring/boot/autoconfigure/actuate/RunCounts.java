package io.github.collapseexecutor.spring.boot.autoconfigure.actuate;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The live counts of a method's executor, or of a named executor's methods added up.
 *
 * <p>Made by the endpoint; its JSON properties are its accessors, in the order declared here.
 */
@JsonPropertyOrder({"calls", "runs", "collapseRatio", "failedRuns", "rejected", "timedOut"})
public final class RunCounts {

  private final long calls;
  private final long runs;
  private final double collapseRatio;
  private final long failedRuns;
  private final long rejected;
  private final long timedOut;

  RunCounts(
      long calls, long runs, double collapseRatio, long failedRuns, long rejected, long timedOut) {
    this.calls = calls;
    this.runs = runs;
    this.collapseRatio = collapseRatio;
    this.failedRuns = failedRuns;
    this.rejected = rejected;
    this.timedOut = timedOut;
  }

  static RunCounts of(long calls, long runs, long failedRuns, long rejected, long timedOut) {
    return new RunCounts(
        calls,
        runs,
        calls == 0 ? 0.0 : (double) (calls - runs) / calls,
        failedRuns,
        rejected,
        timedOut);
  }

  RunCounts plus(RunCounts other) {
    return of(
        calls + other.calls,
        runs + other.runs,
        failedRuns + other.failedRuns,
        rejected + other.rejected,
        timedOut + other.timedOut);
  }

  /** Returns the calls served by a run, shared or alone. */
  @JsonProperty
  public long calls() {
    return calls;
  }

  /** Returns the runs made for them: method calls, or batch method calls. */
  @JsonProperty
  public long runs() {
    return runs;
  }

  /** Returns the share of calls served by another's run, 0 to 1. */
  @JsonProperty
  public double collapseRatio() {
    return collapseRatio;
  }

  /** Returns the runs that failed, each failing every call it served. */
  @JsonProperty
  public long failedRuns() {
    return failedRuns;
  }

  /** Returns the calls refused because too many inputs were pending. */
  @JsonProperty
  public long rejected() {
    return rejected;
  }

  /** Returns the calls whose caller stopped waiting at its timeout. */
  @JsonProperty
  public long timedOut() {
    return timedOut;
  }

  @Override
  public boolean equals(@Nullable Object other) {
    return other instanceof RunCounts that
        && calls == that.calls
        && runs == that.runs
        && Double.compare(collapseRatio, that.collapseRatio) == 0
        && failedRuns == that.failedRuns
        && rejected == that.rejected
        && timedOut == that.timedOut;
  }

  @Override
  public int hashCode() {
    return Objects.hash(calls, runs, collapseRatio, failedRuns, rejected, timedOut);
  }

  @Override
  public String toString() {
    return "RunCounts[calls="
        + calls
        + ", runs="
        + runs
        + ", collapseRatio="
        + collapseRatio
        + ", failedRuns="
        + failedRuns
        + ", rejected="
        + rejected
        + ", timedOut="
        + timedOut
        + "]";
  }
}
