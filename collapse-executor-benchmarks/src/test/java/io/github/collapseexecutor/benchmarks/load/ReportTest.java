package io.github.collapseexecutor.benchmarks.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

final class ReportTest {

  @Test
  void writeSection_replacesOnlyItsOwnSectionAndKeepsTheProseAround(@TempDir Path out)
      throws IOException {
    Files.writeString(
        out.resolve("README.md"),
        String.join(
            "\n",
            "# Page",
            "intro",
            Report.BEGIN,
            "old main",
            Report.END,
            "between",
            ScaleOutReport.BEGIN,
            "old scale-out",
            ScaleOutReport.END,
            "after",
            ""));

    ResultsPage.writeSection(out, ScaleOutReport.BEGIN, ScaleOutReport.END, "new scale-out\n");

    assertThat(Files.readString(out.resolve("README.md")))
        .isEqualTo(
            String.join(
                "\n",
                "# Page",
                "intro",
                Report.BEGIN,
                "old main",
                Report.END,
                "between",
                ScaleOutReport.BEGIN,
                "new scale-out",
                ScaleOutReport.END,
                "after",
                ""));
  }

  @Test
  void writeSection_addsASectionThePageDoesNotHaveYetAtTheEnd(@TempDir Path out)
      throws IOException {
    ResultsPage.writeSection(out, Report.BEGIN, Report.END, "main\n");
    ResultsPage.writeSection(out, ScaleOutReport.BEGIN, ScaleOutReport.END, "scale-out\n");

    assertThat(Files.readString(out.resolve("README.md")))
        .isEqualTo(
            String.join(
                "\n",
                "# Load harness results",
                "",
                Report.BEGIN,
                "main",
                Report.END,
                "",
                ScaleOutReport.BEGIN,
                "scale-out",
                ScaleOutReport.END,
                ""));
  }
}
