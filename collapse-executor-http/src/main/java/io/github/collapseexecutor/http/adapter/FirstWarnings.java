package io.github.collapseexecutor.http.adapter;

import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.UnsharedReason;
import java.util.List;
import java.util.concurrent.atomic.AtomicIntegerArray;

/**
 * Logs one WARN per collapse group and {@link UnsharedReason}, the first time a request of that
 * group is not shared for that reason, naming the setting that would change it. Later occurrences
 * are only counted, in the stats.
 */
final class FirstWarnings {

  private static final System.Logger LOG = System.getLogger(FirstWarnings.class.getName());
  private static final int REASONS = UnsharedReason.values().length;

  private final String name;
  private final List<CollapseGroup> groups;
  private final AtomicIntegerArray warned;

  FirstWarnings(String name, List<CollapseGroup> groups) {
    this.name = name;
    this.groups = groups;
    this.warned = new AtomicIntegerArray(groups.size() * REASONS);
  }

  @SuppressWarnings("EnumOrdinal") // a slot per group and reason in a table: never stored
  void warnOnce(int group, UnsharedReason reason) {
    int slot = group * REASONS + reason.ordinal();
    if (warned.get(slot) == 0 && warned.compareAndSet(slot, 0, 1)) {
      LOG.log(
          System.Logger.Level.WARNING,
          () ->
              name
                  + ": a request of collapse group '"
                  + groups.get(group).name()
                  + "' was not shared ("
                  + reason.tag()
                  + "); to change this: "
                  + reason.remedy()
                  + ". Logged once per group and reason; the stats count each one.");
    }
  }
}
