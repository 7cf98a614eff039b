package io.github.collapseexecutor.spring.boot.autoconfigure.actuate;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.github.collapseexecutor.http.HttpCollapseStats;
import io.github.collapseexecutor.http.UnsharedReason;
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
@JsonPropertyOrder({"requests", "backendCalls", "collapseRatio", "counts", "unshared"})
public final class Traffic {

  private final long requests;
  private final long backendCalls;
  private final double collapseRatio;
  private final Counts counts;
  private final Map<String, Long> unshared;

  Traffic(
      long requests,
      long backendCalls,
      double collapseRatio,
      Counts counts,
      Map<String, Long> unshared) {
    this.requests = requests;
    this.backendCalls = backendCalls;
    this.collapseRatio = collapseRatio;
    this.counts = counts;
    this.unshared = unshared;
  }

  static Traffic of(HttpCollapseStats stats) {
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
        unshared);
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

  @Override
  public boolean equals(@Nullable Object other) {
    return other instanceof Traffic that
        && requests == that.requests
        && backendCalls == that.backendCalls
        && Double.compare(collapseRatio, that.collapseRatio) == 0
        && counts.equals(that.counts)
        && unshared.equals(that.unshared);
  }

  @Override
  public int hashCode() {
    return Objects.hash(requests, backendCalls, collapseRatio, counts, unshared);
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
        + "]";
  }
}
