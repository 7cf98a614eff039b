package io.github.collapseexecutor.spring.boot.autoconfigure.actuate;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/**
 * The live counts of a method's executor, or of a named executor's methods added up.
 *
 * <p>Made by the endpoint; its JSON properties are its accessors, in the order declared here.
 */
@JsonPropertyOrder({
  "calls",
  "runs",
  "collapseRatio",
  "failedRuns",
  "rejected",
  "timedOut",
  "copied",
  "unshared"
})
public final class RunCounts {

  /** No call yet. */
  static final RunCounts NONE = of(0, 0, 0, 0, 0, 0, Map.of());

  private final long calls;
  private final long runs;
  private final double collapseRatio;
  private final long failedRuns;
  private final long rejected;
  private final long timedOut;
  private final long copied;
  private final Map<String, Long> unshared;

  RunCounts(
      long calls,
      long runs,
      double collapseRatio,
      long failedRuns,
      long rejected,
      long timedOut,
      long copied,
      Map<String, Long> unshared) {
    this.calls = calls;
    this.runs = runs;
    this.collapseRatio = collapseRatio;
    this.failedRuns = failedRuns;
    this.rejected = rejected;
    this.timedOut = timedOut;
    this.copied = copied;
    this.unshared = Collections.unmodifiableMap(new TreeMap<>(unshared));
  }

  static RunCounts of(
      long calls,
      long runs,
      long failedRuns,
      long rejected,
      long timedOut,
      long copied,
      Map<String, Long> unshared) {
    return new RunCounts(
        calls,
        runs,
        calls == 0 ? 0.0 : (double) (calls - runs) / calls,
        failedRuns,
        rejected,
        timedOut,
        copied,
        unshared);
  }

  RunCounts plus(RunCounts other) {
    Map<String, Long> byReason = new TreeMap<>(unshared);
    other.unshared.forEach((reason, count) -> byReason.merge(reason, count, Long::sum));
    return of(
        calls + other.calls,
        runs + other.runs,
        failedRuns + other.failedRuns,
        rejected + other.rejected,
        timedOut + other.timedOut,
        copied + other.copied,
        byReason);
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

  /**
   * Returns the calls that joined another's run and got a copy of its result of their own (an
   * annotated method's, where the result is one a caller could change).
   */
  @JsonProperty
  public long copied() {
    return copied;
  }

  /**
   * Returns the calls that did the work themselves instead of sharing a run, by reason (an
   * annotated method's: {@code mutable-result}, {@code managed-result}, {@code copy-failed},
   * {@code switched-off}, {@code null-argument}), sorted by reason.
   */
  @JsonProperty
  public Map<String, Long> unshared() {
    return unshared;
  }

  @Override
  public boolean equals(@Nullable Object other) {
    return other instanceof RunCounts that
        && calls == that.calls
        && runs == that.runs
        && Double.compare(collapseRatio, that.collapseRatio) == 0
        && failedRuns == that.failedRuns
        && rejected == that.rejected
        && timedOut == that.timedOut
        && copied == that.copied
        && unshared.equals(that.unshared);
  }

  @Override
  public int hashCode() {
    return Objects.hash(
        calls, runs, collapseRatio, failedRuns, rejected, timedOut, copied, unshared);
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
        + ", copied="
        + copied
        + ", unshared="
        + unshared
        + "]";
  }
}
