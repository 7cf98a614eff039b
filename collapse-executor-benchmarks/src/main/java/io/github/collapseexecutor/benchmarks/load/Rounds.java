package io.github.collapseexecutor.benchmarks.load;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The measured rounds of one case, each a run without collapse followed by one with it. On a
 * shared machine one round can be hit by someone else's burst of work; the round with the median
 * ratio stands for the case, and the table shows every round's ratio so the spread is visible.
 *
 * @param all the rounds in the order they ran
 */
record Rounds(List<Comparison> all) {

  Rounds {
    if (all.isEmpty()) {
      throw new IllegalArgumentException("no rounds");
    }
    all = List.copyOf(all);
  }

  /** Returns the round with the median ratio (the upper one of an even number). */
  Comparison median() {
    List<Comparison> byRatio =
        all.stream().sorted(Comparator.comparingDouble(Comparison::ratio)).toList();
    return byRatio.get(byRatio.size() / 2);
  }

  /** Returns every round's ratio, such as {@code 1.81x, 1.92x, 2.03x}. */
  String ratios() {
    return all.stream()
        .map(round -> String.format(Locale.ROOT, "%.2fx", round.ratio()))
        .collect(Collectors.joining(", "));
  }
}
