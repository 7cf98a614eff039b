package io.github.collapseexecutor.benchmarks.load;

import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A server in a JVM of its own, started on the harness's class path: load generator and server
 * never share a heap, a JIT or a garbage collector. Its output goes to a log file.
 */
final class ChildJvm implements AutoCloseable {

  private static final Duration READY_TIMEOUT = Duration.ofSeconds(120);

  private final String name;
  private final ChildProcess child;
  private final Path log;

  private ChildJvm(String name, ChildProcess child, Path log) {
    this.name = name;
    this.child = child;
    this.log = log;
  }

  /**
   * Starts {@code mainClass} and returns once {@code GET readiness} answers 200.
   *
   * @throws IllegalStateException if the JVM exited or was not ready within two minutes
   */
  static ChildJvm start(
      String name,
      String mainClass,
      List<String> jvmOptions,
      List<String> args,
      URI readiness,
      Path logs)
      throws IOException, InterruptedException {
    return start(name, mainClass, jvmOptions, args, readiness, logs, "");
  }

  /**
   * Starts {@code mainClass} as {@link #start(String, String, List, List, URI, Path)} does, with
   * {@code extraClassPath} (entries separated by the platform's path separator, or empty) after
   * the harness's class path.
   */
  static ChildJvm start(
      String name,
      String mainClass,
      List<String> jvmOptions,
      List<String> args,
      URI readiness,
      Path logs,
      String extraClassPath)
      throws IOException, InterruptedException {
    Files.createDirectories(logs);
    Path log = logs.resolve(name + ".log");
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(jvmOptions);
    command.add("-cp");
    command.add(
        extraClassPath.isEmpty()
            ? System.getProperty("java.class.path")
            : System.getProperty("java.class.path") + File.pathSeparator + extraClassPath);
    command.add(mainClass);
    command.addAll(args);
    Process process =
        new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    ChildJvm child = new ChildJvm(name, new ChildProcess(process), log);
    try {
      child.awaitReady(readiness);
    } catch (RuntimeException | InterruptedException e) {
      child.close();
      throw e;
    }
    return child;
  }

  /** Returns the process id, for the run conditions. */
  long pid() {
    return child.process().pid();
  }

  private void awaitReady(URI readiness) throws InterruptedException {
    long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
    Process process = child.process();
    while (true) {
      if (!process.isAlive()) {
        throw new IllegalStateException(
            name
                + " exited with "
                + process.exitValue()
                + " before it answered "
                + readiness
                + "; see "
                + log);
      }
      try {
        Loopback.get(readiness);
        return;
      } catch (IOException notYet) {
        // not listening yet, or still starting its context
      }
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException(
            name
                + " did not answer "
                + readiness
                + " within "
                + READY_TIMEOUT.toSeconds()
                + " s; see "
                + log);
      }
      Thread.sleep(250);
    }
  }

  /** Stops the JVM: a normal shutdown first, then a forced one if it takes too long. */
  @Override
  public void close() {
    child.close();
  }
}
