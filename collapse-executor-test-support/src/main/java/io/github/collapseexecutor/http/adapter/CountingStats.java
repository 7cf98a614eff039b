package io.github.collapseexecutor.http.adapter;

import io.github.collapseexecutor.http.CollapseKey;
import io.github.collapseexecutor.http.HttpCollapseStats;
import io.github.collapseexecutor.http.UnsharedReason;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * An adapter's counters counted by hand, for the tests of what reads them (meters, the actuator
 * endpoint): the counting the collapsers do, without requests.
 *
 * <p>It counts on the adapter's package-private counters, so it lives in their package, which
 * the tests that use it reach on the class path, where collapse-executor-http is no named module.
 */
public final class CountingStats implements HttpCollapseStats {

  private final CollapseCounters counters;

  /** Counters of an adapter with {@code groups} collapse groups. */
  public CountingStats(int groups) {
    this(new CollapseCounters(groups));
  }

  private CountingStats(CollapseCounters counters) {
    this.counters = counters;
  }

  /** The counters an adapter returns from its {@code stats()}, to count on by hand. */
  public static CountingStats of(HttpCollapseStats adapterStats) {
    return new CountingStats((CollapseCounters) adapterStats);
  }

  /** Counts a request that went through untouched; {@code key} is null outside every group. */
  public void passedThrough(@Nullable CollapseKey key) {
    counters.passedThrough(key);
  }

  /** Counts a request that made a shared call. */
  public void led(CollapseKey key) {
    counters.led(key);
  }

  /** Counts a request answered with a shared response. */
  public void replayed(CollapseKey key) {
    counters.replayed(key);
  }

  /** Counts a request that waited and then made its own call. */
  public void fellBack(CollapseKey key) {
    counters.fellBack(key);
  }

  /** Counts a request that got or gave no shared response. */
  public void unshared(CollapseKey key, UnsharedReason reason) {
    counters.unshared(key, reason);
  }

  /** Counts an observed request that would have joined. */
  public void wouldJoin(CollapseKey key) {
    counters.wouldJoin(key);
  }

  /** Counts an observed request that would have joined and been answered. */
  public void wouldSave(CollapseKey key) {
    counters.wouldSave(key);
  }

  /**
   * Counts a would-be shared call of {@code callers} requests, its key shown as {@code label}
   * among the top keys.
   */
  public void fanIn(CollapseKey key, String label, int callers) {
    counters.fanIn(key, callers);
    if (callers > 1) {
      counters.topKey(key, label, callers - 1);
    }
  }

  @Override
  public long wouldJoin() {
    return counters.wouldJoin();
  }

  @Override
  public long wouldSave() {
    return counters.wouldSave();
  }

  @Override
  public List<Long> fanIn() {
    return counters.fanIn();
  }

  @Override
  public Map<String, Long> topKeys() {
    return counters.topKeys();
  }

  @Override
  public long passedThrough() {
    return counters.passedThrough();
  }

  @Override
  public long led() {
    return counters.led();
  }

  @Override
  public long replayed() {
    return counters.replayed();
  }

  @Override
  public long fellBack() {
    return counters.fellBack();
  }

  @Override
  public long varyKeyed() {
    return counters.varyKeyed();
  }

  @Override
  public long regrouped() {
    return counters.regrouped();
  }

  @Override
  public long unshared(UnsharedReason reason) {
    return counters.unshared(reason);
  }

  @Override
  public List<HttpCollapseStats> groups() {
    return counters.groups();
  }
}
