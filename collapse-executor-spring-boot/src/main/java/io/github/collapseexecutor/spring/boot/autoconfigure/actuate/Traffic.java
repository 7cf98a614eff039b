package io.github.collapseexecutor.spring.boot.autoconfigure.actuate;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.github.collapseexecutor.http.HttpCollapseStats;
import io.github.collapseexecutor.http.UnsharedReason;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/**
 * The requests an executor or one of its groups took: the totals and the counters they come from,
 * each counter read once.
 *
 * <p>Made by the endpoint; its JSON properties stand among those of the description that holds it,
 * in the order declared here.
 */
@JsonPropertyOrder({"requests", "backendCalls", "collapseRatio", "counts", "unshared", "observed"})
public final class Traffic {

  private final long requests;
  private final long backendCalls;
  private final double collapseRatio;
  private final Counts counts;
  private final Map<String, Long> unshared;
  private final @Nullable Observed observed;

  Traffic(
      long requests,
      long backendCalls,
      double collapseRatio,
      Counts counts,
      Map<String, Long> unshared,
      @Nullable Observed observed) {
    this.requests = requests;
    this.backendCalls = backendCalls;
    this.collapseRatio = collapseRatio;
    this.counts = counts;
    this.unshared = unshared;
    this.observed = observed;
  }

  /**
   * Reads {@code stats}; with what collapse would have done when {@code observing}, else
   * without.
   */
  static Traffic of(HttpCollapseStats stats, boolean observing) {
    long passedThrough = stats.passedThrough();
    long led = stats.led();
    long replayed = stats.replayed();
    long fellBack = stats.fellBack();
    long requests = passedThrough + led + replayed + fellBack;
    Map<String, Long> unshared = new TreeMap<>();
    for (UnsharedReason reason : UnsharedReason.values()) {
      long count = stats.unshared(reason);
      if (count > 0) {
        unshared.put(reason.tag(), count);
      }
    }
    return new Traffic(
        requests,
        passedThrough + led + fellBack,
        requests == 0 ? 0.0 : (double) replayed / requests,
        new Counts(passedThrough, led, replayed, fellBack),
        unshared,
        observing ? Observed.of(stats, requests) : null);
  }

  /** Returns every request taken. */
  @JsonProperty
  public long requests() {
    return requests;
  }

  /** Returns the calls made for them (for the server filters: chain runs). */
  @JsonProperty
  public long backendCalls() {
    return backendCalls;
  }

  /** Returns the share of them served another's response, 0 to 1. */
  @JsonProperty
  public double collapseRatio() {
    return collapseRatio;
  }

  /** Returns the four counters the totals come from. */
  @JsonProperty
  public Counts counts() {
    return counts;
  }

  /**
   * Returns the requests that got no shared response, by reason tag; reasons that never happened
   * are left out.
   */
  @JsonProperty
  public Map<String, Long> unshared() {
    return unshared;
  }

  /**
   * Returns what collapse would have done with these requests, for an adapter that only
   * observes; {@code null}, and left out of the JSON, for one that collapses.
   */
  @JsonProperty
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public @Nullable Observed observed() {
    return observed;
  }

  @Override
  public boolean equals(@Nullable Object other) {
    return other instanceof Traffic that
        && requests == that.requests
        && backendCalls == that.backendCalls
        && Double.compare(collapseRatio, that.collapseRatio) == 0
        && counts.equals(that.counts)
        && unshared.equals(that.unshared)
        && Objects.equals(observed, that.observed);
  }

  @Override
  public int hashCode() {
    return Objects.hash(requests, backendCalls, collapseRatio, counts, unshared, observed);
  }

  @Override
  public String toString() {
    return "Traffic[requests="
        + requests
        + ", backendCalls="
        + backendCalls
        + ", collapseRatio="
        + collapseRatio
        + ", counts="
        + counts
        + ", unshared="
        + unshared
        + (observed == null ? "" : ", observed=" + observed)
        + "]";
  }

  /**
   * What collapse would have done with the requests of an adapter that only observes; the
   * reasons it would not have shared a response are the {@link #unshared()} ones.
   *
   * @param wouldJoin the requests that would have joined a call in progress
   * @param wouldSave the calls collapse would have saved: joins whose response could be shared
   * @param wouldSaveRatio {@code wouldSave} over every request, 0 to 1
   * @param fanIn the would-be shared calls by their number of callers ({@code 1}, {@code 2},
   *     {@code 3-4}, ..., the last one open-ended)
   * @param topKeys the keys that would have been joined most, as the group's name and a short
   *     hash, with their joins, most first
   */
  @JsonPropertyOrder({"wouldJoin", "wouldSave", "wouldSaveRatio", "fanIn", "topKeys"})
  public record Observed(
      long wouldJoin,
      long wouldSave,
      double wouldSaveRatio,
      Map<String, Long> fanIn,
      Map<String, Long> topKeys) {

    static Observed of(HttpCollapseStats stats, long requests) {
      long wouldSave = stats.wouldSave();
      Map<String, Long> fanIn = new LinkedHashMap<>();
      List<Long> counts = stats.fanIn();
      List<Integer> bounds = HttpCollapseStats.FAN_IN_BOUNDS;
      for (int bucket = 0; bucket < counts.size(); bucket++) {
        int low = bucket == 0 ? 1 : bounds.get(bucket - 1) + 1;
        String callers =
            bucket == bounds.size()
                ? low + "+"
                : low == bounds.get(bucket) ? String.valueOf(low) : low + "-" + bounds.get(bucket);
        fanIn.put(callers, counts.get(bucket));
      }
      return new Observed(
          stats.wouldJoin(),
          wouldSave,
          requests == 0 ? 0.0 : (double) wouldSave / requests,
          fanIn,
          stats.topKeys());
    }
  }
}
