package io.github.collapseexecutor.benchmarks.load;

import java.util.Locale;
import java.util.Map;

/**
 * The published figures the main cases are compared with, and the row of the results table that
 * sets a case's measures beside them. The figures come from other hardware, so the row gives
 * their ratio next to the measured one.
 */
final class ReferenceFigures {

  /** One line of the reference figures; p99 of NaN where they give none. */
  record Reference(double tpsWith, double tpsWithout, double p99With, double p99Without) {}

  static final Reference SERVLET = new Reference(3785, 1951, 115, 211);
  static final Map<ClientAdapter, Reference> CLIENTS =
      Map.of(
          ClientAdapter.REST_CLIENT, new Reference(15282, 8455, 59, 180),
          ClientAdapter.WEB_CLIENT, new Reference(14276, 9971, 35, 111));
  static final Reference GROUP_COMMIT = new Reference(8800, 5200, Double.NaN, Double.NaN);

  private ReferenceFigures() {}

  /**
   * Returns the row of the results table that sets the median round of {@code rounds} beside
   * {@code reference}, or beside nothing when it is {@code null}.
   */
  static String row(String name, String load, Rounds rounds, Reference reference) {
    Comparison comparison = rounds.median();
    Measurement with = comparison.with();
    Measurement without = comparison.without();
    String referenceTps =
        reference == null
            ? "-"
            : String.format(
                Locale.ROOT,
                "%.0f / %.0f (%.2fx)",
                reference.tpsWith(),
                reference.tpsWithout(),
                reference.tpsWith() / reference.tpsWithout());
    String referenceP99 =
        reference == null || Double.isNaN(reference.p99With())
            ? "-"
            : String.format(
                Locale.ROOT, "%.0f / %.0f", reference.p99With(), reference.p99Without());
    String errors =
        with.errors() + without.errors() == 0
            ? ""
            : String.format(Locale.ROOT, " (errors %d / %d)", with.errors(), without.errors());
    return String.format(
        Locale.ROOT,
        "| %s | %s | %.0f / %.0f%s | **%.2fx** | %s | %s / %s | %.1f / %.1f | %.1f / %.1f | %s"
            + " | %s |%n",
        name,
        load,
        with.tps(),
        without.tps(),
        errors,
        comparison.ratio(),
        rounds.ratios(),
        millis(with.p50Millis()),
        millis(without.p50Millis()),
        with.p99Millis(),
        without.p99Millis(),
        with.callsPerThousand(),
        without.callsPerThousand(),
        referenceTps,
        referenceP99);
  }

  private static String millis(double value) {
    return Double.isNaN(value) ? "-" : String.format(Locale.ROOT, "%.1f", value);
  }
}
