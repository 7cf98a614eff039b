package io.github.collapseexecutor.spring.http;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;

/**
 * Counters of one adapter, for load benchmarks and dashboards. Each request is counted once, in
 * exactly one of: {@link #passedThrough()}, {@link #led()}, {@link #replayed()},
 * {@link #fellBack()}. The number of calls the adapter made (or, on a server, chain runs) is
 * {@code passedThrough + led + fellBack}; {@code replayed} is what collapse saved. A client
 * request counts once it has its response: one that ends with an exception instead (its call
 * failed, the call it waited for failed, or its own time limit ended its wait) is not counted. On
 * a server, the request that runs the chain for the others counts as it starts.
 *
 * <p>The adapter's counters also have one child per collapse group, {@link #groups()}, that counts
 * the requests whose path matched that group. The children add up to the adapter's counts less the
 * requests no group took (a path that matches no group, a method other than GET and HEAD, a request
 * with a body), which are {@code passedThrough} of the adapter only.
 *
 * <p>Counting is a few uncontended {@link LongAdder} increments per request.
 */
public final class HttpCollapseStats {

  private final LongAdder passedThrough = new LongAdder();
  private final LongAdder led = new LongAdder();
  private final LongAdder replayed = new LongAdder();
  private final LongAdder fellBack = new LongAdder();
  private final List<HttpCollapseStats> groups;

  /**
   * Creates counters with one child per collapse group.
   *
   * @param groups the number of collapse groups of the adapter, {@code groups().size()} of its
   *     options
   * @throws IllegalArgumentException if {@code groups} is negative
   */
  public HttpCollapseStats(int groups) {
    if (groups < 0) {
      throw new IllegalArgumentException("groups must not be negative: " + groups);
    }
    List<HttpCollapseStats> children = new ArrayList<>(groups);
    for (int i = 0; i < groups; i++) {
      children.add(new HttpCollapseStats(0));
    }
    this.groups = List.copyOf(children);
  }

  /** Requests that could not collapse (method, no matching group) and went through untouched. */
  public long passedThrough() {
    return passedThrough.sum();
  }

  /** Requests that made the call other identical requests waited for. */
  public long led() {
    return led.sum();
  }

  /** Requests served a copy of a response another request produced. */
  public long replayed() {
    return replayed.sum();
  }

  /**
   * Requests that waited for another's call but made their own, because that response could not
   * be shared (too large, {@code Set-Cookie}, private, a different {@code Vary} value, a failed
   * server chain) or did not arrive within the wait timeout.
   */
  public long fellBack() {
    return fellBack.sum();
  }

  /**
   * Returns the counters of each collapse group, in the order of
   * {@link HttpCollapseOptions#groups()}; empty for the counters of a group.
   */
  public List<HttpCollapseStats> groups() {
    return groups;
  }

  /**
   * Counts a request that went through untouched.
   *
   * @param key the request's key if it had one (collapse was closed), else {@code null}
   */
  public void recordPassedThrough(CollapseKey key) {
    passedThrough.increment();
    if (key != null) {
      groups.get(key.group()).passedThrough.increment();
    }
  }

  /** Counts a request with {@code key} that made the shared call. */
  public void recordLed(CollapseKey key) {
    led.increment();
    groups.get(key.group()).led.increment();
  }

  /** Counts a request with {@code key} served a shared response. */
  public void recordReplayed(CollapseKey key) {
    replayed.increment();
    groups.get(key.group()).replayed.increment();
  }

  /** Counts a request with {@code key} that waited and then made its own call. */
  public void recordFellBack(CollapseKey key) {
    fellBack.increment();
    groups.get(key.group()).fellBack.increment();
  }

  @Override
  public String toString() {
    return "HttpCollapseStats{passedThrough=" + passedThrough() + ", led=" + led()
        + ", replayed=" + replayed() + ", fellBack=" + fellBack() + "}";
  }
}
