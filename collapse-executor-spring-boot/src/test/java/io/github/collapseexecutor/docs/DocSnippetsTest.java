package io.github.collapseexecutor.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.util.ClassUtils;

/**
 * Keeps the Java snippets of the README and the Spring Boot and HTTP pages compiling as written:
 * every import a snippet shows names a class, and every other line of a page's snippet stands, in
 * order, in the test that compiles and runs it ({@link SpringBootDocExamplesTest},
 * {@link HttpDocExamplesTest}). The README's are compiled by ReadmeExamplesTest (core) and
 * ReadmeAnnotationExamplesTest.
 */
final class DocSnippetsTest {

  /** The tests run in the module's directory; the pages are at the repository's root. */
  private static final Path ROOT = Path.of("..");

  /** From the root, so that the Spring Boot 3 module, which runs these shared tests, finds them. */
  private static final Path EXAMPLES =
      ROOT.resolve("collapse-executor-spring-boot/src/test/java/io/github/collapseexecutor/docs");

  @Test
  void everyImportOfTheReadmeAndThePagesNamesAClass() throws IOException {
    for (String page : List.of("README.md", "docs/spring-boot.md", "docs/http.md")) {
      List<List<String>> snippets = javaSnippets(ROOT.resolve(page));
      assertThat(snippets).as(page).isNotEmpty();
      for (List<String> snippet : snippets) {
        List<String> imports = snippet.stream().filter(line -> line.startsWith("import ")).toList();
        assertThat(imports).as("imports of a snippet of %s:%n%s", page, snippet).isNotEmpty();
        for (String line : imports) {
          String name = line.substring("import ".length(), line.length() - 1);
          assertThat(ClassUtils.isPresent(name, getClass().getClassLoader()))
              .as("%s: %s", page, line).isTrue();
        }
      }
    }
  }

  @Test
  void theSpringBootPagesSnippetsAreTheOnesItsTestCompiles() throws IOException {
    assertStandIn("docs/spring-boot.md", "SpringBootDocExamplesTest.java");
  }

  @Test
  void theHttpPagesSnippetsAreTheOnesItsTestCompiles() throws IOException {
    assertStandIn("docs/http.md", "HttpDocExamplesTest.java");
  }

  private static void assertStandIn(String page, String test) throws IOException {
    List<String> compiled = trimmed(Files.readAllLines(EXAMPLES.resolve(test)));
    for (List<String> snippet : javaSnippets(ROOT.resolve(page))) {
      List<String> code = trimmed(snippet.stream()
          .filter(line -> !line.startsWith("import ")).toList());
      assertThat(Collections.indexOfSubList(compiled, code))
          .as("%s's snippet, line for line, in %s:%n%s", page, test, String.join("\n", code))
          .isNotNegative();
    }
  }

  private static List<String> trimmed(List<String> lines) {
    return lines.stream().map(String::strip).filter(line -> !line.isEmpty()).toList();
  }

  private static List<List<String>> javaSnippets(Path page) throws IOException {
    List<List<String>> snippets = new ArrayList<>();
    List<String> current = null;
    for (String line : Files.readAllLines(page)) {
      if (current == null && line.strip().equals("```java")) {
        current = new ArrayList<>();
      } else if (current != null && line.strip().equals("```")) {
        snippets.add(current);
        current = null;
      } else if (current != null) {
        current.add(line.strip());
      }
    }
    return snippets;
  }
}
