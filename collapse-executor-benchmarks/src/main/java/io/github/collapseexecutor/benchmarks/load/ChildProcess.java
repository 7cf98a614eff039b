package io.github.collapseexecutor.benchmarks.load;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A process the harness started: a server's JVM or a proxy. Closing it stops the process, and so
 * does the harness's own exit when nothing closed it (a failure that skipped a {@code finally},
 * or Ctrl-C), so that no server or proxy outlives the run.
 */
final class ChildProcess implements AutoCloseable {

  private static final Duration STOP_TIMEOUT = Duration.ofSeconds(20);
  private static final Duration LISTEN_TIMEOUT = Duration.ofSeconds(10);

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
    forgetOnExit();
  }

  /** Stops the process at once, as a crash would: its clients lose their connections. */
  void kill() {
    process.destroyForcibly();
    try {
      process.waitFor(STOP_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    forgetOnExit();
  }

  private void forgetOnExit() {
    try {
      Runtime.getRuntime().removeShutdownHook(stopOnExit);
    } catch (IllegalStateException exiting) {
      // closed by another shutdown hook: the hook stops nothing more than this did
    }
  }

  /**
   * Starts {@code command}, its output into {@code log}, and returns once it accepts connections
   * on 127.0.0.1:{@code port}; {@code config} is named in the errors.
   *
   * @throws IllegalStateException if it exited, or did not listen within 10 s; it is stopped
   */
  static ChildProcess startListening(List<String> command, Path log, int port, Path config)
      throws IOException, InterruptedException {
    ChildProcess child =
        new ChildProcess(
            new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start());
    try {
      child.awaitListening(command.get(0), port, config, log);
      return child;
    } catch (RuntimeException | InterruptedException e) {
      child.close();
      throw e;
    }
  }

  private void awaitListening(String name, int port, Path config, Path log)
      throws InterruptedException {
    long deadline = System.nanoTime() + LISTEN_TIMEOUT.toNanos();
    while (true) {
      if (!process.isAlive()) {
        throw new IllegalStateException(
            name + " exited with " + process.exitValue() + " on " + config + "; see " + log);
      }
      try (Socket socket = new Socket()) {
        socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 1000);
        return;
      } catch (IOException notYet) {
        // not listening yet
      }
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException(
            name
                + " did not listen on 127.0.0.1:"
                + port
                + " within "
                + LISTEN_TIMEOUT.toSeconds()
                + " s; see "
                + log);
      }
      Thread.sleep(50);
    }
  }
}
