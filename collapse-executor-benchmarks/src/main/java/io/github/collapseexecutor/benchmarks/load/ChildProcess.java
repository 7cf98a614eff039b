package io.github.collapseexecutor.benchmarks.load;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * A process the harness started: a server's JVM or a proxy. Closing it stops the process, and so
 * does the harness's own exit when nothing closed it (a failure that skipped a {@code finally},
 * or Ctrl-C), so that no server or proxy outlives the run.
 */
final class ChildProcess implements AutoCloseable {

  private static final Duration STOP_TIMEOUT = Duration.ofSeconds(20);

  private final Process process;
  private final Thread stopOnExit;

  ChildProcess(Process process) {
    this.process = process;
    this.stopOnExit = new Thread(process::destroyForcibly, "stop-pid-" + process.pid());
    Runtime.getRuntime().addShutdownHook(stopOnExit);
  }

  Process process() {
    return process;
  }

  /** Stops the process: a normal shutdown first, then a forced one if it takes too long. */
  @Override
  public void close() {
    process.destroy();
    try {
      if (!process.waitFor(STOP_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
        process.destroyForcibly();
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    }
    try {
      Runtime.getRuntime().removeShutdownHook(stopOnExit);
    } catch (IllegalStateException exiting) {
      // closed by another shutdown hook: the hook stops nothing more than this did
    }
  }
}
