package io.github.collapseexecutor.http.adapter;

import io.github.collapseexecutor.http.CollapseKey;
import io.github.collapseexecutor.http.HttpCollapseStats;
import io.github.collapseexecutor.http.HttpCollapseStats.TopKeys;
import io.github.collapseexecutor.http.UnsharedReason;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;
import org.jspecify.annotations.Nullable;

/**
 * The {@link HttpCollapseStats} of one adapter, with the methods that count. Counting is a few
 * uncontended {@link LongAdder} increments per request.
 */
final class CollapseCounters implements HttpCollapseStats {

  private static final UnsharedReason[] REASONS = UnsharedReason.values();

  private final LongAdder passedThrough = new LongAdder();
  private final LongAdder led = new LongAdder();
  private final LongAdder replayed = new LongAdder();
  private final LongAdder fellBack = new LongAdder();
  private final LongAdder varyKeyed = new LongAdder();
  private final LongAdder regrouped = new LongAdder();
  private final LongAdder[] unshared = new LongAdder[REASONS.length];
  private final LongAdder wouldJoin = new LongAdder();
  private final LongAdder wouldSave = new LongAdder();
  private final LongAdder[] fanIn = new LongAdder[FAN_IN_BOUNDS.size() + 1];
  private final TopKeys topKeys = new TopKeys();
  private final List<CollapseCounters> groups;

  /**
   * Creates counters with one child per collapse group.
   *
   * @throws IllegalArgumentException if {@code groups} is negative
   */
  CollapseCounters(int groups) {
    if (groups < 0) {
      throw new IllegalArgumentException("groups must not be negative: " + groups);
    }
    for (int i = 0; i < unshared.length; i++) {
      unshared[i] = new LongAdder();
    }
    for (int i = 0; i < fanIn.length; i++) {
      fanIn[i] = new LongAdder();
    }
    List<CollapseCounters> children = new ArrayList<>(groups);
    for (int i = 0; i < groups; i++) {
      children.add(new CollapseCounters(0));
    }
    this.groups = List.copyOf(children);
  }

  @Override
  public long passedThrough() {
    return passedThrough.sum();
  }

  @Override
  public long led() {
    return led.sum();
  }

  @Override
  public long replayed() {
    return replayed.sum();
  }

  @Override
  public long fellBack() {
    return fellBack.sum();
  }

  @Override
  public long varyKeyed() {
    return varyKeyed.sum();
  }

  @Override
  public long regrouped() {
    return regrouped.sum();
  }

  @Override
  @SuppressWarnings("EnumOrdinal") // a table by ordinal, made from values(): never stored
  public long unshared(UnsharedReason reason) {
    return unshared[reason.ordinal()].sum();
  }

  @Override
  public long wouldJoin() {
    return wouldJoin.sum();
  }

  @Override
  public long wouldSave() {
    return wouldSave.sum();
  }

  @Override
  public List<Long> fanIn() {
    return wouldJoin.sum() + fanIn[0].sum() == 0
        ? List.of()
        : Arrays.stream(fanIn).map(LongAdder::sum).toList();
  }

  /** A group's own sketch; an adapter's, the most joined of its groups' keys. */
  @Override
  public Map<String, Long> topKeys() {
    if (groups.isEmpty()) {
      return topKeys.top();
    }
    Map<String, Long> top = new LinkedHashMap<>();
    groups.stream()
        .flatMap(group -> group.topKeys.top().entrySet().stream())
        .sorted(Map.Entry.<String, Long>comparingByValue().reversed())
        .limit(TopKeys.SIZE)
        .forEach(entry -> top.put(entry.getKey(), entry.getValue()));
    return top;
  }

  @Override
  @SuppressWarnings("unchecked")
  public List<HttpCollapseStats> groups() {
    return (List<HttpCollapseStats>) (List<?>) groups;
  }

  /**
   * Counts a request that went through untouched.
   *
   * @param key the request's key if it had one (collapse was closed, or hit-for-pass), else
   *     {@code null}
   */
  void passedThrough(@Nullable CollapseKey key) {
    passedThrough.increment();
    if (key != null) {
      groups.get(key.group()).passedThrough.increment();
    }
  }

  /** Counts a request with {@code key} that made the shared call. */
  void led(CollapseKey key) {
    led.increment();
    groups.get(key.group()).led.increment();
  }

  /** Counts a request with {@code key} served a shared response. */
  void replayed(CollapseKey key) {
    replayed.increment();
    groups.get(key.group()).replayed.increment();
  }

  /** Counts a request with {@code key} that waited and then made its own call. */
  void fellBack(CollapseKey key) {
    fellBack.increment();
    groups.get(key.group()).fellBack.increment();
  }

  /** Counts a request whose {@code key} was widened by remembered Vary names. */
  void varyKeyed(CollapseKey key) {
    varyKeyed.increment();
    groups.get(key.group()).varyKeyed.increment();
  }

  /** Counts a request with {@code key} that joined the requests with its own Vary values. */
  void regrouped(CollapseKey key) {
    regrouped.increment();
    groups.get(key.group()).regrouped.increment();
  }

  /** Counts a request with {@code key} that did not get or give a shared response. */
  @SuppressWarnings("EnumOrdinal") // a table by ordinal, made from values(): never stored
  void unshared(CollapseKey key, UnsharedReason reason) {
    unshared[reason.ordinal()].increment();
    groups.get(key.group()).unshared[reason.ordinal()].increment();
  }

  /** Counts an observed request with {@code key} that would have joined. */
  void wouldJoin(CollapseKey key) {
    wouldJoin.increment();
    groups.get(key.group()).wouldJoin.increment();
  }

  /** Counts {@code joins} requests with {@code key}, shown as {@code label}, that would have joined. */
  void topKey(CollapseKey key, String label, int joins) {
    groups.get(key.group()).topKeys.add(label, joins);
  }

  /** Counts an observed request with {@code key} that would have joined and been answered. */
  void wouldSave(CollapseKey key) {
    wouldSave.increment();
    groups.get(key.group()).wouldSave.increment();
  }

  /** Counts a would-be shared call with {@code key} that {@code callers} requests would have made. */
  void fanIn(CollapseKey key, int callers) {
    int bucket = 0;
    while (bucket < FAN_IN_BOUNDS.size() && callers > FAN_IN_BOUNDS.get(bucket)) {
      bucket++;
    }
    fanIn[bucket].increment();
    groups.get(key.group()).fanIn[bucket].increment();
  }

  @Override
  public String toString() {
    StringBuilder text =
        new StringBuilder("HttpCollapseStats{passedThrough=")
            .append(passedThrough())
            .append(", led=")
            .append(led())
            .append(", replayed=")
            .append(replayed())
            .append(", fellBack=")
            .append(fellBack())
            .append(", varyKeyed=")
            .append(varyKeyed())
            .append(", regrouped=")
            .append(regrouped());
    if (wouldJoin() > 0) {
      text.append(", wouldJoin=").append(wouldJoin()).append(", wouldSave=").append(wouldSave());
    }
    for (UnsharedReason reason : REASONS) {
      long count = unshared(reason);
      if (count > 0) {
        text.append(", ").append(reason.tag()).append('=').append(count);
      }
    }
    return text.append('}').toString();
  }
}
