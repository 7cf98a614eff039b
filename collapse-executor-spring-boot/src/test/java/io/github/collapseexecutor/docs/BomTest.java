package io.github.collapseexecutor.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * collapse-executor-bom lists every published module, so that a new module cannot ship without
 * its line in the BOM. A module is published unless its POM makes no jar ({@code pom} packaging)
 * or sets {@code maven.deploy.skip}; each module's folder is its artifactId. The POMs installed
 * and published are flattened: they name no parent, which is never published, and the BOM
 * manages nothing but the library's modules.
 */
final class BomTest {

  @Test
  void listsEveryPublishedModule() throws IOException {
    String bom = Files.readString(DocPages.ROOT.resolve("collapse-executor-bom/pom.xml"));
    List<String> published = new ArrayList<>();
    try (Stream<Path> folders = Files.list(DocPages.ROOT)) {
      for (Path pom : folders.map(folder -> folder.resolve("pom.xml")).toList()) {
        if (Files.isRegularFile(pom) && isPublished(Files.readString(pom))) {
          published.add(pom.getParent().getFileName().toString());
        }
      }
    }
    assertThat(published).contains("collapse-executor-core");
    assertThat(published)
        .filteredOn(module -> !bom.contains("<artifactId>" + module + "</artifactId>"))
        .as(
            "published modules that collapse-executor-bom does not list: add each to its"
                + " dependencyManagement, or set maven.deploy.skip (and maven.install.skip) to true"
                + " in its pom.xml if it is never published")
        .isEmpty();
  }

  @Test
  void isPublishedAsAPomThatManagesTheLibraryAlone() throws IOException {
    Path flattened = DocPages.ROOT.resolve("collapse-executor-bom/target/.flattened-pom.xml");
    assertThat(flattened)
        .as("the BOM as the build installs it, written before these tests")
        .exists();
    String bom = Files.readString(flattened);

    // with the parent, an application importing the BOM would import every version it pins
    assertThat(bom).doesNotContain("<parent>");
    assertThat(Pattern.compile("<groupId>([^<]+)</groupId>").matcher(bom).results())
        .extracting(group -> group.group(1))
        .hasSizeGreaterThan(1)
        .containsOnly("io.github.collapseexecutor");
  }

  @Test
  void aModuleIsPublishedWithoutTheParentsThatAreNot() throws IOException {
    String pom =
        Files.readString(
            DocPages.ROOT.resolve("collapse-executor-spring-boot/target/.flattened-pom.xml"));

    assertThat(pom).doesNotContain("<parent>").contains("<artifactId>collapse-executor-core<");
  }

  private static boolean isPublished(String pom) {
    return !pom.contains("<packaging>pom</packaging>")
        && !pom.contains("<maven.deploy.skip>true</maven.deploy.skip>");
  }
}
