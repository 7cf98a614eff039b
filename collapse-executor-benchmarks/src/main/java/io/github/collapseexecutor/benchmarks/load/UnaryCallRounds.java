package io.github.collapseexecutor.benchmarks.load;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What the gRPC cases run alike: a warm-up, then the measured rounds of one side without collapse
 * and one with, one after the other, and the run conditions and the row of their section.
 */
final class UnaryCallRounds {

  /** One side of a case: its users' calls for a while. */
  interface Side {
    Measurement measure(Duration duration) throws IOException, InterruptedException;
  }

  private final Settings settings;
  private final String label;
  private final Instant start = Instant.now();
  private final List<String> conditions = new ArrayList<>();

  UnaryCallRounds(Settings settings, String label) {
    this.settings = settings;
    this.label = label;
    conditions.add(
        String.format(
            Locale.ROOT,
            "Date: %s; %s run: %d s per measured side, %d s"
                + " warm-up per side; machine: %s; load average (1 min) before: %.2f",
            start.truncatedTo(ChronoUnit.SECONDS),
            settings.quick() ? "quick (smoke)" : "full",
            settings.measure().toSeconds(),
            settings.warmUp().toSeconds(),
            Machine.describe(),
            Machine.loadAverage()));
  }

  /**
   * Runs an unmeasured warm-up, so that neither side pays for the JIT's and the channel's alone,
   * then the measured rounds, each side without collapse first.
   */
  Rounds run(int users, Side without, Side with) throws IOException, InterruptedException {
    compare("warm-up", users, without, with, settings.warmUp());
    List<Comparison> measured = new ArrayList<>();
    for (int round = 1; round <= settings.rounds(); round++) {
      measured.add(compare("round " + round, users, without, with, settings.measure()));
    }
    return new Rounds(measured);
  }

  /** Returns the run conditions, the time the case took last. */
  List<String> conditions() {
    Duration took = Duration.between(start, Instant.now());
    List<String> all = new ArrayList<>(conditions);
    all.add(
        String.format(
            Locale.ROOT, "The case took %d min %02d s", took.toMinutes(), took.toSecondsPart()));
    return all;
  }

  /** Returns the table row of the round with the median ratio, {@code load} first. */
  static String row(String load, Rounds rounds) {
    Comparison median = rounds.median();
    Measurement with = median.with();
    Measurement without = median.without();
    return String.format(
        Locale.ROOT,
        "| %s | %.0f / %.0f | **%.2fx** | %s | %.1f / %.1f | %.2fx | %.1f / %.1f |%n%n",
        load,
        with.tps(),
        without.tps(),
        median.ratio(),
        rounds.ratios(),
        with.p99Millis(),
        without.p99Millis(),
        with.p99Millis() / without.p99Millis(),
        with.callsPerThousand(),
        without.callsPerThousand());
  }

  private Comparison compare(String run, int users, Side without, Side with, Duration duration)
      throws IOException, InterruptedException {
    Measurement withoutCollapse = without.measure(duration);
    Measurement withCollapse = with.measure(duration);
    Progress.line(
        "%-10s %-8s %3d users: %s",
        label, run, users, Progress.describe(withCollapse, withoutCollapse));
    return new Comparison(withCollapse, withoutCollapse);
  }
}
