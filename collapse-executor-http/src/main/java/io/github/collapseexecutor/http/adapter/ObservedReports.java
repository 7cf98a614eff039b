package io.github.collapseexecutor.http.adapter;

import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.HttpCollapseStats;
import io.github.collapseexecutor.http.UnsharedReason;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Logs, at INFO, one line per collapse group of an adapter that only observes, at most every
 * {@link #INTERVAL_NANOS}, when one of its requests ends: what collapse would have saved so far,
 * and why it would not have shared more. A group without requests logs nothing.
 */
final class ObservedReports {

  /** How long a group waits between two lines: five minutes. */
  static final long INTERVAL_NANOS = TimeUnit.MINUTES.toNanos(5);

  private static final System.Logger LOG = System.getLogger(ObservedReports.class.getName());

  private final String name;
  private final List<CollapseGroup> groups;

  /** When each group logs next, in {@link System#nanoTime()}. */
  private final AtomicLongArray next;

  ObservedReports(String name, List<CollapseGroup> groups) {
    this.name = name;
    this.groups = groups;
    this.next = new AtomicLongArray(groups.size());
    long first = System.nanoTime() + INTERVAL_NANOS;
    for (int i = 0; i < groups.size(); i++) {
      next.set(i, first);
    }
  }

  /** Logs the line of {@code group}, counted in {@code stats}, if its time has come. */
  void ended(int group, HttpCollapseStats stats) {
    long now = System.nanoTime();
    long due = next.get(group);
    if (now - due >= 0 && next.compareAndSet(group, due, now + INTERVAL_NANOS)) {
      LOG.log(System.Logger.Level.INFO, () -> line(groups.get(group).name(), stats));
    }
  }

  /**
   * Returns, for instance, {@code "servlet: observing collapse group '/api/products/*': would save
   * 71% of 12400 calls (8810 would join); not shared: set-cookie 3%"}.
   */
  String line(String group, HttpCollapseStats stats) {
    long calls = stats.passedThrough();
    StringBuilder line =
        new StringBuilder(name)
            .append(": observing collapse group '")
            .append(group)
            .append("': would save ")
            .append(percent(stats.wouldSave(), calls))
            .append(" of ")
            .append(calls)
            .append(" calls (")
            .append(stats.wouldJoin())
            .append(" would join)");
    String separator = "; not shared: ";
    for (UnsharedReason reason : UnsharedReason.values()) {
      long count = stats.unshared(reason);
      if (count > 0) {
        line.append(separator).append(reason.tag()).append(' ').append(percent(count, calls));
        separator = ", ";
      }
    }
    return line.toString();
  }

  private static String percent(long part, long whole) {
    return whole == 0 ? "0%" : String.format(Locale.ROOT, "%.0f%%", 100.0 * part / whole);
  }
}
