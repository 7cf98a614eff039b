package io.github.collapseexecutor.benchmarks.load;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A Redis of the harness's own on 127.0.0.1, with nothing kept on disk, which a case stops in the
 * middle of a run and starts again on the same port: the fleet tier's outage.
 */
final class RedisServer implements AutoCloseable {

  static final String INSTALL_HINT =
      "redis-server is not installed; on Debian or Ubuntu: apt-get"
          + " install -y redis-server (load.sh does it when run as root)";

  private final Path program;
  private final Path dir;
  private final int port;
  private ChildProcess child; // null while stopped

  private RedisServer(Path program, Path dir, int port) {
    this.program = program;
    this.dir = dir;
    this.port = port;
  }

  /** Returns the redis-server executable, if it is installed. */
  static Optional<Path> find() {
    return Executables.onPath("redis-server");
  }

  /** Starts a server on a free port, its files and log in {@code dir}. */
  static RedisServer start(Path program, Path dir) throws IOException, InterruptedException {
    RedisServer server =
        new RedisServer(program, Files.createDirectories(dir), Loopback.freePort());
    server.startAgain();
    return server;
  }

  /** Returns the port it listens on, also while it is stopped. */
  int port() {
    return port;
  }

  /** Stops the server, as an outage would; {@link #startAgain()} brings it back. */
  synchronized void stop() {
    if (child != null) {
      child.close();
      child = null;
    }
  }

  /** Starts the server again on its port, empty; does nothing while it runs. */
  synchronized void startAgain() throws IOException, InterruptedException {
    if (child == null) {
      child =
          ChildProcess.startListening(
              command(program, port, dir, List.of()),
              dir.resolve("redis-" + port + ".log"),
              port,
              dir);
    }
  }

  /**
   * Returns the command of a server on 127.0.0.1:{@code port} that keeps nothing on disk, its
   * files in {@code dir}, with {@code more} arguments (a replica's, a cluster node's).
   */
  static List<String> command(Path program, int port, Path dir, List<String> more) {
    List<String> command =
        new ArrayList<>(
            List.of(
                program.toString(),
                "--port",
                Integer.toString(port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
                "--dir",
                dir.toAbsolutePath().toString()));
    command.addAll(more);
    return command;
  }

  @Override
  public void close() {
    stop();
  }
}
