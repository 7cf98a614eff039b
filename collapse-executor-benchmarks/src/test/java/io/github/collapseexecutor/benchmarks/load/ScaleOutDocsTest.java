package io.github.collapseexecutor.benchmarks.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The page that gives users the proxy configurations shows the lines the harness runs. */
final class ScaleOutDocsTest {

  /** Tests run in the module's directory; the page is in the repository's {@code docs/}. */
  private static final Path PAGE = Path.of("..", "docs", "scale-out.md");

  @Test
  void page_showsTheConsistentHashLinesTheHarnessRuns() throws IOException {
    String page = Files.readString(PAGE);

    for (String line : Balancing.CONSISTENT_HASH.haproxyLines()) {
      assertThat(page).contains("\n  " + line + "\n");
    }
    for (String line : Balancing.CONSISTENT_HASH.nginxLines()) {
      assertThat(page).contains("\n  " + line + "\n");
    }
  }
}
