package io.github.collapseexecutor.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Every relative link of the pages resolves: the file or folder it names exists, and an
 * {@code #anchor} names a heading of the page it points to, as GitHub makes a heading's anchor.
 * Links to other sites are left alone.
 */
final class DocLinksTest {

  /** {@code [text](target)} and {@code ![alt](target)}, with an optional title. */
  private static final Pattern LINK =
      Pattern.compile("\\[[^\\]]*\\]\\(([^)\\s]+)(?:\\s+\"[^\"]*\")?\\)");

  private static final Pattern SCHEME = Pattern.compile("^[a-zA-Z][a-zA-Z0-9+.-]*:");

  @Test
  void everyRelativeLinkOfThePagesResolves() {
    List<String> broken = new ArrayList<>();
    Map<Path, Set<String>> anchors = new HashMap<>();
    for (Path page : DocPages.all()) {
      // one text, as a link's text may run over two lines
      String prose = String.join("\n", DocPages.prose(page));
      Matcher link = LINK.matcher(prose);
      while (link.find()) {
        String target = link.group(1);
        String problem = problem(page, target, anchors);
        if (problem != null) {
          long line = prose.substring(0, link.start(1)).chars().filter(c -> c == '\n').count() + 1;
          broken.add(page + ":" + line + ": " + target + " (" + problem + ")");
        }
      }
    }
    assertThat(broken).as("relative links that do not resolve").isEmpty();
  }

  @Test
  void anchorsAreMadeAsGitHubMakesThem() {
    assertThat(
            GitHubAnchors.of(
                List.of(
                    "# Title",
                    "## `@Collapsible` methods across the fleet",
                    "### HAProxy (2.6 or newer)",
                    "## A caller's own cancel and limits",
                    "## Notes",
                    "## Notes",
                    "```",
                    "## Not one",
                    "```")))
        .containsExactlyInAnyOrder(
            "title",
            "collapsible-methods-across-the-fleet",
            "haproxy-26-or-newer",
            "a-callers-own-cancel-and-limits",
            "notes",
            "notes-1");
  }

  private static String problem(Path page, String target, Map<Path, Set<String>> anchors) {
    if (SCHEME.matcher(target).find() || target.startsWith("//")) {
      return null;
    }
    int hash = target.indexOf('#');
    String file = hash < 0 ? target : target.substring(0, hash);
    Path folder = page.getParent() == null ? Path.of("") : page.getParent();
    Path resolved = file.isEmpty() ? page : folder.resolve(file).normalize();
    if (!Files.exists(DocPages.ROOT.resolve(resolved))) {
      return "no such file";
    }
    if (hash < 0) {
      return null;
    }
    String anchor = target.substring(hash + 1);
    Set<String> known =
        anchors.computeIfAbsent(
            resolved,
            path ->
                path.toString().endsWith(".md")
                    ? GitHubAnchors.of(DocPages.lines(path))
                    : Set.<String>of());
    return known.contains(anchor) ? null : "no heading with this anchor in " + resolved;
  }

  private static Path normalized(Path path) {
    return path.normalize();
  }
}
