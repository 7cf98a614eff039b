package io.github.collapseexecutor.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Keeps every Java snippet of the pages compiling as written: its code stands, line for line and
 * in order, in a Java source of the repository that the build compiles (the pages' examples
 * tests, such as {@link SpringBootDocExamplesTest} and {@link HttpDocExamplesTest}, or the
 * sample a page shows), and each import it shows is one that source has, or names a type of the
 * source's own package. A snippet that no source holds fails here; one that a source holds but
 * does not compile fails that module's build.
 */
final class DocSnippetsTest {

  /** Every Java source under a module's src/, by path from the root, as stripped lines. */
  private static Map<Path, List<String>> sources;

  @BeforeAll
  static void readSources() throws IOException {
    try (Stream<Path> modules = Files.list(DocPages.ROOT)) {
      sources =
          modules
              .map(module -> module.resolve("src"))
              .filter(Files::isDirectory)
              .flatMap(DocSnippetsTest::javaFiles)
              .collect(Collectors.toMap(DocPages.ROOT::relativize, DocSnippetsTest::stripped));
    }
  }

  @Test
  void everyJavaSnippetOfThePagesStandsInACompiledSource() {
    List<String> missing = new ArrayList<>();
    for (Path page : DocPages.all()) {
      for (List<String> snippet : DocPages.codeBlocks(page, "java")) {
        if (!compiled(snippet)) {
          missing.add(page + ":\n" + String.join("\n", snippet));
        }
      }
    }
    assertThat(missing)
        .as("snippets that no Java source holds line for line, with their imports")
        .isEmpty();
  }

  private static boolean compiled(List<String> snippet) {
    List<String> imports = snippet.stream().filter(line -> line.startsWith("import ")).toList();
    List<String> code =
        snippet.stream().filter(line -> !line.isEmpty() && !line.startsWith("import ")).toList();
    return sources.values().stream()
        .anyMatch(
            source ->
                Collections.indexOfSubList(source, code) >= 0
                    && imports.stream().allMatch(line -> imports(source, line)));
  }

  /** The source has the import, or is in the imported type's package and needs none. */
  private static boolean imports(List<String> source, String line) {
    String name = line.substring("import ".length(), line.length() - 1);
    String imported = name.substring(0, name.lastIndexOf('.'));
    return source.contains(line) || source.contains("package " + imported + ";");
  }

  private static Stream<Path> javaFiles(Path src) {
    try {
      return Files.walk(src).filter(path -> path.toString().endsWith(".java")).toList().stream();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static List<String> stripped(Path file) {
    try {
      return Files.readAllLines(file).stream()
          .map(String::strip)
          .filter(line -> !line.isEmpty())
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
