package io.github.collapseexecutor.benchmarks.load;

import java.io.IOException;
import java.util.OptionalDouble;

/**
 * Warms a server in rounds of unmeasured load until its JIT has settled, so that no measured
 * round shares the CPU with the compilers: on a busy machine a server's compilers can run for a
 * minute and more, and the first measured rounds would climb as they finish.
 */
final class JitWarmUp {

  /**
   * The JIT counts as settled once a warm-up round compiles for less than this share of the
   * round's time.
   */
  static final double SETTLED_COMPILE_SHARE = 0.05;

  /** Bounds the warm-up on a JVM whose compilers never settle. */
  static final int MAX_ROUNDS = 8;

  /** One round of unmeasured load. */
  @FunctionalInterface
  interface Round {
    void run() throws IOException, InterruptedException;
  }

  /**
   * What the warm-up did.
   *
   * @param rounds how many rounds ran
   * @param lastCompiledSeconds how long the JIT compiled during the last round, or NaN if the
   *     server's compile time could not be read ({@link CompileTime})
   */
  record Outcome(int rounds, double lastCompiledSeconds) {

    /** Returns whether the server's compile time could be read. */
    boolean measured() {
      return !Double.isNaN(lastCompiledSeconds);
    }
  }

  private JitWarmUp() {}

  /**
   * Runs {@code round}, of about {@code roundSeconds}, against the JVM {@code pid} until one
   * compiles for less than {@link #SETTLED_COMPILE_SHARE} of its time, at most
   * {@code maxRounds} times, or once if the compile time cannot be read. Prints each round's
   * compile time as {@code name}'s.
   */
  static Outcome untilSettled(
      String name, long pid, int maxRounds, double roundSeconds, Round round)
      throws IOException, InterruptedException {
    int rounds = 0;
    double compiled = Double.NaN;
    while (rounds < maxRounds) {
      rounds++;
      OptionalDouble before = CompileTime.seconds(pid);
      round.run();
      OptionalDouble after = CompileTime.seconds(pid);
      if (before.isEmpty() || after.isEmpty()) {
        return new Outcome(rounds, Double.NaN);
      }
      compiled = after.getAsDouble() - before.getAsDouble();
      Progress.line(
          "%-10s warm-up  round %d: the server's JIT compiled for %.2f s", name, rounds, compiled);
      if (compiled < SETTLED_COMPILE_SHARE * roundSeconds) {
        break;
      }
    }
    return new Outcome(rounds, compiled);
  }
}
