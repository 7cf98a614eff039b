package io.github.collapseexecutor.benchmarks.load;

import java.time.LocalTime;
import java.time.temporal.ChronoUnit;
import java.util.Locale;

/** What the harness prints while it runs, one line per measured step. */
final class Progress {

  private Progress() {}

  static void line(String format, Object... args) {
    System.out.println(
        LocalTime.now().truncatedTo(ChronoUnit.SECONDS)
            + " "
            + String.format(Locale.ROOT, format, args));
  }

  /** Returns both sides of a comparison on one line. */
  static String describe(Measurement with, Measurement without) {
    return String.format(
        Locale.ROOT,
        "with %.0f TPS p99 %.1f ms calls %d, without %.0f TPS p99 %.1f ms calls %d%s",
        with.tps(),
        with.p99Millis(),
        with.backendCalls(),
        without.tps(),
        without.p99Millis(),
        without.backendCalls(),
        with.errors() + without.errors() > 0
            ? " (errors: " + with.errors() + " / " + without.errors() + ")"
            : "");
  }
}
