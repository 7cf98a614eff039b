package io.github.collapseexecutor.docs;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The anchors GitHub gives the headings of a Markdown page: the heading's text, links reduced to
 * their text, in lower case, without punctuation, spaces turned to hyphens; a repeated anchor
 * takes {@code -1}, {@code -2}, ... Headings inside fenced blocks are none.
 */
final class GitHubAnchors {

  private static final Pattern HEADING = Pattern.compile("^#{1,6}\\s+(.*?)\\s*#*\\s*$");
  private static final Pattern LINK = Pattern.compile("!?\\[([^\\]]*)\\]\\([^)]*\\)");

  private GitHubAnchors() {}

  static Set<String> of(List<String> lines) {
    Set<String> anchors = new HashSet<>();
    Map<String, Integer> seen = new HashMap<>();
    boolean inFence = false;
    for (String line : lines) {
      if (line.strip().startsWith("```")) {
        inFence = !inFence;
        continue;
      }
      Matcher heading = HEADING.matcher(line);
      if (!inFence && heading.matches()) {
        String slug = slug(heading.group(1));
        int count = seen.merge(slug, 1, Integer::sum);
        anchors.add(count == 1 ? slug : slug + "-" + (count - 1));
      }
    }
    return anchors;
  }

  private static String slug(String heading) {
    return LINK.matcher(heading)
        .replaceAll("$1")
        .toLowerCase(Locale.ROOT)
        .replaceAll("[^\\p{L}\\p{N}\\p{M} _-]", "")
        .replace(' ', '-');
  }
}
