package io.github.collapseexecutor.benchmarks.load;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Finds the programs the harness runs beside its JVMs: wrk and HAProxy. */
final class Executables {

  private Executables() {}

  /** Returns the executable {@code name} on the {@code PATH} or in {@code /usr/sbin}, if any. */
  static Optional<Path> onPath(String name) {
    String path = System.getenv("PATH");
    // Debian installs HAProxy in /usr/sbin, which a user's PATH often lacks
    String dirs = (path == null ? "" : path + File.pathSeparator) + "/usr/sbin";
    for (String dir : dirs.split(File.pathSeparator)) {
      if (dir.isEmpty()) {
        continue;
      }
      Path candidate = Path.of(dir, name);
      if (Files.isExecutable(candidate)) {
        return Optional.of(candidate);
      }
    }
    return Optional.empty();
  }

  /** Returns the first line {@code program} prints with {@code args}, such as its version. */
  static String firstLine(Path program, String... args) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>();
    command.add(program.toString());
    command.addAll(List.of(args));
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    process.waitFor();
    return output.lines().findFirst().orElse(program.toString());
  }
}
