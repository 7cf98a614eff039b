package io.github.collapseexecutor.spring.http;

import java.util.regex.Pattern;

/** Turns the Ant-style patterns of {@link CollapseGroup#uris()} into regular expressions. */
final class PathPatterns {

  private PathPatterns() {}

  static Pattern ant(String pattern) {
    StringBuilder regex = new StringBuilder(pattern.length() + 16);
    int i = 0;
    while (i < pattern.length()) {
      char c = pattern.charAt(i);
      if (pattern.startsWith("/**/", i)) {
        regex.append("(?:/.*)?/");
        i += 4;
      } else if (pattern.startsWith("**", i)) {
        regex.append(".*");
        i += 2;
      } else if (c == '*') {
        regex.append("[^/]*");
        i++;
      } else if (c == '?') {
        regex.append("[^/]");
        i++;
      } else {
        int end = i;
        while (end < pattern.length() && "*?".indexOf(pattern.charAt(end)) < 0
            && !pattern.startsWith("/**/", end)) {
          end++;
        }
        regex.append(Pattern.quote(pattern.substring(i, end)));
        i = end;
      }
    }
    return Pattern.compile(regex.toString());
  }
}
