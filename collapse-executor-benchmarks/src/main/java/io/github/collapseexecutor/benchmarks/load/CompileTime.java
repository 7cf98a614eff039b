package io.github.collapseexecutor.benchmarks.load;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalDouble;
import java.util.concurrent.TimeUnit;

/**
 * How long another JVM's JIT compilers have worked so far, read with the JDK's {@code jstat
 * -compiler}. A server whose compilers still run takes CPU from the requests it serves: on 2
 * cores, the sample application's C2 compiler thread used most of a core through the first 20 to
 * 30 s of load on the 100 ms endpoints, after the endpoints without delay had been warmed.
 */
final class CompileTime {

  private static final long JSTAT_TIMEOUT_SECONDS = 10;

  private CompileTime() {}

  /**
   * Returns the seconds the JVM {@code pid} has spent compiling, or empty when {@code jstat} is
   * missing or cannot read that JVM.
   */
  static OptionalDouble seconds(long pid) {
    Path jstat = Path.of(System.getProperty("java.home"), "bin", "jstat");
    if (!Files.isExecutable(jstat)) {
      return OptionalDouble.empty();
    }
    Path output = null;
    try {
      // into a file, not a pipe: reading a pipe to its end would wait for jstat to exit, however
      // long it hangs, and the time limit would bound nothing
      output = Files.createTempFile("jstat", ".txt");
      Process process =
          new ProcessBuilder(jstat.toString(), "-compiler", Long.toString(pid))
              .redirectErrorStream(true)
              .redirectOutput(output.toFile())
              .start();
      if (!process.waitFor(JSTAT_TIMEOUT_SECONDS, TimeUnit.SECONDS) || process.exitValue() != 0) {
        process.destroyForcibly();
        return OptionalDouble.empty();
      }
      return parse(Files.readString(output, StandardCharsets.UTF_8));
    } catch (IOException e) {
      return OptionalDouble.empty();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return OptionalDouble.empty();
    } finally {
      if (output != null) {
        try {
          Files.deleteIfExists(output);
        } catch (IOException ignored) {
          // a temporary file left behind
        }
      }
    }
  }

  /** Reads the {@code Time} column of {@code jstat -compiler}'s report. */
  static OptionalDouble parse(String report) {
    String[] lines = report.strip().split("\\R");
    if (lines.length < 2) {
      return OptionalDouble.empty();
    }
    String[] names = lines[0].trim().split("\\s+");
    String[] values = lines[1].trim().split("\\s+");
    for (int column = 0; column < names.length && column < values.length; column++) {
      if (names[column].equals("Time")) {
        try {
          return OptionalDouble.of(Double.parseDouble(values[column]));
        } catch (NumberFormatException e) {
          return OptionalDouble.empty();
        }
      }
    }
    return OptionalDouble.empty();
  }
}
