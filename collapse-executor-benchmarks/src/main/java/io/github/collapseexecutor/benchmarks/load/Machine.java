package io.github.collapseexecutor.benchmarks.load;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;

/** What the run conditions say about the machine, read from {@code /proc} where Linux has it. */
final class Machine {

  private Machine() {}

  /** Returns cores, CPU model, memory, kernel and JDK on one line. */
  static String describe() {
    String cpu = firstValue(Path.of("/proc/cpuinfo"), "model name").orElse("unknown CPU");
    String memory =
        firstValue(Path.of("/proc/meminfo"), "MemTotal")
            .map(
                kb ->
                    String.format(
                        Locale.ROOT,
                        "%.0f GiB RAM",
                        Long.parseLong(kb.replaceAll("[^0-9]", "")) / 1024.0 / 1024.0))
            .orElse("unknown RAM");
    return String.format(
        Locale.ROOT,
        "%d cores (%s), %s, %s %s; %s %s",
        Runtime.getRuntime().availableProcessors(),
        cpu,
        memory,
        System.getProperty("os.name"),
        System.getProperty("os.version"),
        System.getProperty("java.vm.name"),
        System.getProperty("java.runtime.version"));
  }

  /** Returns the 1-minute load average, or NaN where there is no {@code /proc/loadavg}. */
  static double loadAverage() {
    try {
      return Double.parseDouble(Files.readString(Path.of("/proc/loadavg")).split(" ")[0]);
    } catch (IOException | RuntimeException e) {
      return Double.NaN;
    }
  }

  private static Optional<String> firstValue(Path file, String key) {
    try {
      return Files.readAllLines(file).stream()
          .filter(line -> line.startsWith(key))
          .map(line -> line.substring(line.indexOf(':') + 1).trim())
          .findFirst();
    } catch (IOException e) {
      return Optional.empty();
    }
  }
}
