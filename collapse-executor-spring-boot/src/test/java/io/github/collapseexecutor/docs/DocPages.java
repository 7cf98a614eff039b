package io.github.collapseexecutor.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The repository's Markdown pages as the drift tests read them: the pages, their fenced code
 * blocks, and their prose with the code taken out.
 */
final class DocPages {

  /** The tests run in their module's directory; the pages are at the repository's root. */
  static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

  private static final Pattern INLINE_CODE = Pattern.compile("(`+)(?:(?!\\1).)+?\\1");

  private DocPages() {}

  /** The pages at the root and every page under docs/, by path from ROOT. */
  static List<Path> all() {
    List<Path> pages =
        new ArrayList<>(
            List.of(
                Path.of("README.md"),
                Path.of("CONTRIBUTING.md"),
                Path.of("ARCHITECTURE.md"),
                Path.of("CHANGELOG.md")));
    try (Stream<Path> docs = Files.walk(ROOT.resolve("docs"))) {
      docs.filter(path -> path.toString().endsWith(".md"))
          .map(ROOT::relativize)
          .sorted()
          .forEach(pages::add);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return pages;
  }

  static List<String> lines(Path page) {
    try {
      return Files.readAllLines(ROOT.resolve(page));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The fenced blocks of one language ("java", "sh"), each as its lines, stripped. */
  static List<List<String>> codeBlocks(Path page, String language) {
    List<List<String>> blocks = new ArrayList<>();
    List<String> current = null;
    String fence = null;
    for (String line : lines(page)) {
      String stripped = line.strip();
      if (fence == null && stripped.startsWith("```")) {
        fence = "```";
        current = stripped.substring(3).strip().equals(language) ? new ArrayList<>() : null;
      } else if (fence != null && stripped.equals(fence)) {
        if (current != null) {
          blocks.add(current);
        }
        fence = null;
        current = null;
      } else if (current != null) {
        current.add(stripped);
      }
    }
    return blocks;
  }

  /**
   * The page's lines outside fenced blocks, with inline code blanked, so that a link or a path
   * shown as code is not read as one. Line numbers stay those of the page.
   */
  static List<String> prose(Path page) {
    List<String> prose = new ArrayList<>();
    boolean inFence = false;
    for (String line : lines(page)) {
      if (line.strip().startsWith("```")) {
        inFence = !inFence;
        prose.add("");
      } else {
        prose.add(inFence ? "" : INLINE_CODE.matcher(line).replaceAll(""));
      }
    }
    return prose;
  }

  /** The contents of the page's inline code spans and shell blocks, in order. */
  static List<String> codeSpans(Path page) {
    List<String> spans = new ArrayList<>();
    boolean inFence = false;
    for (String line : lines(page)) {
      if (line.strip().startsWith("```")) {
        inFence = !inFence;
      } else if (!inFence) {
        INLINE_CODE
            .matcher(line)
            .results()
            .map(match -> match.group().replaceAll("^`+|`+$", "").strip())
            .forEach(spans::add);
      }
    }
    codeBlocks(page, "sh").forEach(spans::addAll);
    return spans;
  }
}
