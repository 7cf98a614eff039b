package io.github.collapseexecutor.http.adapter;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The keys counted most, in a fixed number of entries however many keys there are: the
 * Space-Saving sketch of Metwally, Agrawal and El Abbadi (2005). A key not held takes the place of
 * the least counted one, and starts from that one's count plus one, so that a count is never below
 * the key's true count and over it by at most the count of the key it replaced.
 */
final class TopKeys {

  /** How many keys each sketch holds. */
  static final int SIZE = 10;

  private final Map<String, long[]> counts = new HashMap<>();

  /** Counts one more for {@code key}. */
  synchronized void add(String key) {
    long[] count = counts.get(key);
    if (count != null) {
      count[0]++;
      return;
    }
    if (counts.size() < SIZE) {
      counts.put(key, new long[] {1});
      return;
    }
    Map.@Nullable Entry<String, long[]> least = null;
    for (Map.Entry<String, long[]> held : counts.entrySet()) {
      if (least == null || held.getValue()[0] < least.getValue()[0]) {
        least = held;
      }
    }
    // the map is full: there is a least one
    Map.Entry<String, long[]> replaced = Objects.requireNonNull(least);
    counts.remove(replaced.getKey());
    replaced.getValue()[0]++;
    counts.put(key, replaced.getValue());
  }

  /** Returns the keys held with their counts, most counted first. */
  synchronized Map<String, Long> top() {
    Map<String, Long> top = new LinkedHashMap<>();
    counts.entrySet().stream()
        .sorted((a, b) -> Long.compare(b.getValue()[0], a.getValue()[0]))
        .forEach(entry -> top.put(entry.getKey(), entry.getValue()[0]));
    return top;
  }
}
