package io.github.collapseexecutor.benchmarks.load;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Runs wrk, the HTTP load generator, in a process of its own and reads its report. wrk opens one
 * connection per user and sends the next request on a connection as soon as the previous answer
 * arrived: a closed loop of {@code connections} users.
 */
final class Wrk {

  static final String INSTALL_HINT =
      "wrk is not installed; on Debian or Ubuntu: apt-get install -y wrk (load.sh does it when run"
          + " as root)";

  private static final int MAX_THREADS = 2;
  private static final Pattern PERCENTILE =
      Pattern.compile("^\\s*(50|99)(?:\\.0+)?%\\s+([0-9.]+)(us|ms|s|m)\\s*$", Pattern.MULTILINE);
  private static final Pattern TOTAL = Pattern.compile("(\\d+) requests in ([0-9.]+)(us|ms|s|m)");
  private static final Pattern SOCKET_ERRORS =
      Pattern.compile("Socket errors: connect (\\d+), read (\\d+), write (\\d+), timeout (\\d+)");
  private static final Pattern NON_2XX = Pattern.compile("Non-2xx or 3xx responses: (\\d+)");

  private Wrk() {}

  /** Returns the wrk executable on the {@code PATH}, if there is one. */
  static Optional<Path> find() {
    return Executables.onPath("wrk");
  }

  /**
   * Loads {@code url} with {@code connections} users for {@code duration}; the latencies are
   * wrk's ({@code --latency}).
   *
   * @throws IOException if wrk failed or its report could not be read
   */
  static Measurement run(Path wrk, URI url, int connections, Duration duration)
      throws IOException, InterruptedException {
    return run(wrk, url, null, connections, duration);
  }

  /**
   * Loads {@code url} as {@link #run(Path, URI, int, Duration)} does, with the requests that the
   * Lua {@code script} builds, when it is not null.
   */
  static Measurement run(Path wrk, URI url, Path script, int connections, Duration duration)
      throws IOException, InterruptedException {
    List<String> command =
        new ArrayList<>(
            List.of(
                wrk.toString(),
                "-c",
                Integer.toString(connections),
                "-t",
                Integer.toString(Math.min(MAX_THREADS, connections)),
                "-d",
                duration.toSeconds() + "s",
                "--timeout",
                "10s",
                "--latency"));
    if (script != null) {
      command.add("-s");
      command.add(script.toString());
    }
    command.add(url.toString());
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    String report = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (process.waitFor() != 0) {
      throw new IOException(
          String.join(" ", command) + " exited with " + process.exitValue() + ":\n" + report);
    }
    return parse(report, connections);
  }

  /** Reads wrk's report. */
  static Measurement parse(String report, int connections) throws IOException {
    Matcher total = TOTAL.matcher(report);
    if (!total.find()) {
      throw new IOException("no request total in wrk's report:\n" + report);
    }
    double p50 = Double.NaN;
    double p99 = Double.NaN;
    Matcher percentile = PERCENTILE.matcher(report);
    while (percentile.find()) {
      double millis = millis(percentile.group(2), percentile.group(3));
      if (percentile.group(1).equals("50")) {
        p50 = millis;
      } else {
        p99 = millis;
      }
    }
    if (Double.isNaN(p50) || Double.isNaN(p99)) {
      throw new IOException("no latency distribution in wrk's report:\n" + report);
    }
    long errors = 0;
    Matcher socket = SOCKET_ERRORS.matcher(report);
    if (socket.find()) {
      for (int group = 1; group <= 4; group++) {
        errors += Long.parseLong(socket.group(group));
      }
    }
    Matcher non2xx = NON_2XX.matcher(report);
    if (non2xx.find()) {
      errors += Long.parseLong(non2xx.group(1));
    }
    return new Measurement(
        connections,
        Long.parseLong(total.group(1)),
        errors,
        millis(total.group(2), total.group(3)) / 1000.0,
        p50,
        p99,
        0);
  }

  private static double millis(String value, String unit) {
    double number = Double.parseDouble(value);
    switch (unit) {
      case "us":
        return number / 1000.0;
      case "ms":
        return number;
      case "s":
        return number * 1000.0;
      case "m":
        return number * 60_000.0;
      default:
        throw new IllegalArgumentException("unknown unit in wrk's report: " + unit);
    }
  }
}
