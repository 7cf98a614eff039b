package io.github.collapseexecutor.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Every command that CONTRIBUTING.md and README.md give, in code spans and shell blocks, and
 * every option they show alone, names what exists: its scripts, the modules of its {@code -pl},
 * the profiles of its {@code -P}, and the properties of its {@code -D} (Maven's and Surefire's
 * own aside), which some POM or script must read. Every path CONTRIBUTING.md shows as code
 * exists too, at the root or in a module.
 */
final class ContributorCommandsTest {

  private static final List<Path> PAGES = List.of(Path.of("CONTRIBUTING.md"), Path.of("README.md"));

  /** The POMs, the Maven configuration and the CI scripts, as one text to look names up in. */
  private static String build;

  @BeforeAll
  static void readBuild() throws IOException {
    List<Path> files = new ArrayList<>(List.of(DocPages.ROOT.resolve("pom.xml")));
    try (Stream<Path> modules = Files.list(DocPages.ROOT)) {
      modules
          .map(module -> module.resolve("pom.xml"))
          .filter(Files::isRegularFile)
          .forEach(files::add);
    }
    for (String folder : List.of(".mvn", ".ci")) {
      try (Stream<Path> scripts = Files.list(DocPages.ROOT.resolve(folder))) {
        scripts.filter(Files::isRegularFile).forEach(files::add);
      }
    }
    StringBuilder text = new StringBuilder();
    for (Path file : files) {
      text.append(Files.readString(file)).append('\n');
    }
    build = text.toString();
  }

  /**
   * The workflow runs on fresh runners the lanes that {@code .ci/run} runs here: its matrix names
   * every lane of {@code .ci/lane}, and no other.
   */
  @Test
  void theWorkflowRunsEveryLane() throws IOException {
    List<String> lanes = new ArrayList<>();
    Matcher lane =
        Pattern.compile("(?m)^  ([a-z0-9.-]+)\\)$")
            .matcher(Files.readString(DocPages.ROOT.resolve(".ci/lane")));
    while (lane.find()) {
      lanes.add(lane.group(1));
    }
    Matcher matrix =
        Pattern.compile("(?m)^ +lane: \\[(.*)]$")
            .matcher(Files.readString(DocPages.ROOT.resolve(".github/workflows/ci.yml")));

    assertThat(matrix.find()).as("the workflow's lane matrix").isTrue();
    assertThat(lanes).hasSize(6);
    assertThat(Arrays.stream(matrix.group(1).split(",")).map(String::strip))
        .containsExactlyInAnyOrderElementsOf(lanes);
  }

  @Test
  void everyCommandNamesWhatExists() {
    List<String> missing = new ArrayList<>();
    for (Path page : PAGES) {
      for (String span : DocPages.codeSpans(page)) {
        List<String> words = words(span);
        if (!words.isEmpty() && (isCommand(words.get(0)) || words.get(0).matches("-[DP].+"))) {
          missing.addAll(
              check(words).stream().map(what -> page + ": `" + span + "`: " + what).toList());
        }
      }
    }
    assertThat(missing).as("what the commands name but the repository lacks").isEmpty();
  }

  @Test
  void everyPathContributingShowsExists() {
    List<String> missing =
        DocPages.codeSpans(Path.of("CONTRIBUTING.md")).stream()
            .filter(ContributorCommandsTest::isPath)
            .filter(path -> !pathExists(path))
            .toList();
    assertThat(missing).as("paths CONTRIBUTING.md shows that no module has").isEmpty();
  }

  private static List<String> check(List<String> words) {
    List<String> missing = new ArrayList<>();
    for (int i = 0; i < words.size(); i++) {
      String word = words.get(i);
      if (word.startsWith("./") || word.startsWith(".ci/")) {
        if (!Files.isRegularFile(DocPages.ROOT.resolve(word))) {
          missing.add("no script " + word);
        }
      } else if (word.equals("-pl") && i + 1 < words.size()) {
        for (String module : words.get(i + 1).split(",")) {
          String folder = module.substring(module.lastIndexOf(':') + 1);
          if (!Files.isRegularFile(DocPages.ROOT.resolve(folder).resolve("pom.xml"))) {
            missing.add("no module " + module);
          }
        }
      } else if (word.startsWith("-P") && word.length() > 2) {
        for (String profile : word.substring(2).split(",")) {
          String id = profile.replaceFirst("^[!-]", "");
          if (!build.contains("<id>" + id + "</id>")) {
            missing.add("no profile " + id);
          }
        }
      } else if (word.startsWith("-D") && word.length() > 2) {
        String property = word.substring(2).split("=", 2)[0];
        if (!ownedByMaven(property) && !build.contains(property)) {
          missing.add("no POM or script reads " + property);
        }
      }
    }
    return missing;
  }

  /** Splits a command into words, each without the quotes around it or its value. */
  private static List<String> words(String command) {
    return Arrays.stream(command.strip().split("\\s+"))
        .map(word -> word.replace("'", "").replace("\"", ""))
        .filter(word -> !word.isEmpty())
        .collect(Collectors.toList());
  }

  private static boolean isCommand(String first) {
    return first.equals("./mvnw") || first.equals("bash") || first.startsWith(".ci/");
  }

  private static boolean ownedByMaven(String property) {
    return property.equals("test")
        || property.equals("skipTests")
        || property.startsWith("maven.")
        || property.startsWith("surefire.");
  }

  /** A code span of one word with a slash in it, not an option, a type or a build output. */
  private static boolean isPath(String span) {
    return span.contains("/")
        && !span.contains(" ")
        && !span.startsWith("-")
        && !span.startsWith("target/")
        && span.matches("[\\w./-]+");
  }

  /** At the root, or, for a path inside a module ({@code src/...}), in some module. */
  private static boolean pathExists(String path) {
    if (Files.exists(DocPages.ROOT.resolve(path))) {
      return true;
    }
    try (Stream<Path> modules = Files.list(DocPages.ROOT)) {
      return modules.anyMatch(module -> Files.exists(module.resolve(path)));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
