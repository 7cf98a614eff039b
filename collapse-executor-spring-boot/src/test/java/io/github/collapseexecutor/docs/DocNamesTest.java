package io.github.collapseexecutor.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The pages a contributor reads to find their way (ARCHITECTURE.md, CONTRIBUTING.md and
 * README.md) name only what exists: every class, test and module they name in code, every module
 * in README's module table, and every jcstress test in CONTRIBUTING.md's list of them.
 */
final class DocNamesTest {

  private static final List<Path> PAGES =
      List.of(Path.of("ARCHITECTURE.md"), Path.of("CONTRIBUTING.md"), Path.of("README.md"));

  /**
   * A type's name in a code span: two or more humps, maybe an annotation, maybe a member after it
   * ({@code CollapseProtocol.join}, {@code Call.askToLead()}).
   */
  private static final Pattern TYPE_NAME =
      Pattern.compile(
          "^@?([A-Z][a-z0-9]+(?:[A-Z][A-Za-z0-9]*)+)(?:\\.[A-Za-z]\\w*)?(?:\\(.*\\))?$");

  private static final Pattern DECLARATION =
      Pattern.compile(
          "\\b(?:class|interface|record|enum|@interface|object)\\s+([A-Z][A-Za-z0-9]*)");

  private static final Pattern MODULE = Pattern.compile("\\bcollapse-executor-[a-z0-9-]*[a-z0-9]");

  /**
   * Types of the JDK, JUnit and Spring that the pages name. A page that names another one adds it
   * here; a placeholder for a name a contributor chooses starts with {@code Xxx}.
   */
  private static final Set<String> OTHER_PROJECTS =
      Set.of(
          "AutoConfiguration",
          "ClientHttpRequestInterceptor",
          "CompletableFuture",
          "ConcurrentHashMap",
          "ConditionalOnClass",
          "ConditionalOnMissingBean",
          "EnabledIf",
          "ExchangeFilterFunction",
          "HttpClient",
          "HttpExchange",
          "IllegalArgumentException",
          "JvmSynthetic",
          "MeterRegistry",
          "NullMarked",
          "RejectedExecutionException",
          "RestClient",
          "ServiceLoader",
          "SuppressWarnings",
          "WebClient",
          "WebFilter");

  /** Every type declared in the repository's sources, main and test, Java and Kotlin. */
  private static final Set<String> declared = new HashSet<>();

  @BeforeAll
  static void readSources() throws IOException {
    try (Stream<Path> files = Files.walk(DocPages.ROOT)) {
      files
          .filter(file -> file.toString().contains("/src/"))
          .filter(file -> !file.toString().contains("/target/"))
          .filter(file -> file.toString().endsWith(".java") || file.toString().endsWith(".kt"))
          .forEach(DocNamesTest::readDeclarations);
    }
  }

  @Test
  void everyTypeThePagesNameIsDeclared() {
    Set<String> missing = new TreeSet<>();
    for (Path page : PAGES) {
      for (String span : DocPages.codeSpans(page)) {
        Matcher name = TYPE_NAME.matcher(span);
        if (name.matches() && !isKnown(name.group(1))) {
          missing.add(page + ": " + name.group(1));
        }
      }
    }
    assertThat(missing)
        .as(
            "types the pages name that no source declares (another project's type goes in"
                + " OTHER_PROJECTS)")
        .isEmpty();
  }

  @Test
  void everyModuleThePagesNameExists() {
    Set<String> missing = new TreeSet<>();
    for (Path page : PAGES) {
      for (String line : DocPages.lines(page)) {
        Matcher module = MODULE.matcher(line);
        while (module.find()) {
          if (!Files.isRegularFile(DocPages.ROOT.resolve(module.group()).resolve("pom.xml"))) {
            missing.add(page + ": " + module.group());
          }
        }
      }
    }
    assertThat(missing).as("modules the pages name that the repository lacks").isEmpty();
  }

  /** README's module table has a row for every module; a row may name a sibling as "-name". */
  @Test
  void readmeModuleTableListsEveryModule() throws IOException {
    Set<String> listed = new HashSet<>();
    for (String line : DocPages.lines(Path.of("README.md"))) {
      if (line.startsWith("| `collapse-executor-")) {
        String modules = line.substring(0, line.indexOf('|', 1));
        Matcher name = Pattern.compile("`(?:collapse-executor)?(-[a-z0-9-]+)`").matcher(modules);
        while (name.find()) {
          listed.add("collapse-executor" + name.group(1));
        }
      }
    }
    List<String> modules = new ArrayList<>();
    try (Stream<Path> folders = Files.list(DocPages.ROOT)) {
      folders
          .filter(folder -> Files.isRegularFile(folder.resolve("pom.xml")))
          .map(folder -> folder.getFileName().toString())
          .filter(name -> name.startsWith("collapse-executor-"))
          .forEach(modules::add);
    }
    assertThat(listed).as("modules in README's module table").containsAll(modules);
  }

  @Test
  void contributingNamesEveryJcstressTest() throws IOException {
    String contributing = String.join("\n", DocPages.lines(Path.of("CONTRIBUTING.md")));
    List<String> unnamed = new ArrayList<>();
    try (Stream<Path> tests =
        Files.walk(DocPages.ROOT.resolve("collapse-executor-core/src/jcstress/java"))) {
      tests
          .map(test -> test.getFileName().toString())
          .filter(file -> file.endsWith("Stress.java"))
          .map(file -> file.substring(0, file.length() - ".java".length()))
          .filter(test -> !contributing.contains("`" + test + "`"))
          .forEach(unnamed::add);
    }
    assertThat(unnamed).as("jcstress tests CONTRIBUTING.md does not list").isEmpty();
  }

  private static boolean isKnown(String name) {
    return declared.contains(name) || OTHER_PROJECTS.contains(name) || name.startsWith("Xxx");
  }

  private static void readDeclarations(Path source) {
    String file = source.getFileName().toString();
    declared.add(file.substring(0, file.lastIndexOf('.')));
    try {
      DECLARATION
          .matcher(Files.readString(source))
          .results()
          .forEach(d -> declared.add(d.group(1)));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
