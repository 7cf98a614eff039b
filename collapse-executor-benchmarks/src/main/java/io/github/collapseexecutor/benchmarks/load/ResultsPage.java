package io.github.collapseexecutor.benchmarks.load;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The results page of a run, {@code README.md} in the output directory, as every report writes
 * to it: each report owns one section between its own marker lines, and states its targets in
 * rows of one format.
 */
final class ResultsPage {

  private ResultsPage() {}

  /**
   * Replaces the part of {@code README.md} in {@code out} between the lines {@code begin} and
   * {@code end} with {@code markdown}, or adds it at the end, between those lines, if they are
   * not there yet.
   */
  static void writeSection(Path out, String begin, String end, String markdown) throws IOException {
    Path file = out.resolve("README.md");
    Files.createDirectories(out);
    String generated = begin + "\n" + markdown + end + "\n";
    String text = Files.exists(file) ? Files.readString(file) : "# Load harness results\n";
    int from = text.indexOf(begin);
    int to = text.indexOf(end);
    if (from >= 0 && to > from) {
      text =
          text.substring(0, from)
              + generated
              + text.substring(to + end.length()).replaceFirst("^\n", "");
    } else {
      text = text + "\n" + generated;
    }
    Files.writeString(file, text);
  }

  /** Returns a row of a targets table. */
  static String target(String target, String measured, boolean met) {
    return "| " + target + " | " + measured + " | " + (met ? "met" : "**missed**") + " |\n";
  }
}
