package io.github.collapseexecutor.http;

import io.github.collapseexecutor.http.RoutePattern.Capture;
import io.github.collapseexecutor.http.RoutePattern.Element;
import io.github.collapseexecutor.http.RoutePattern.Literal;
import io.github.collapseexecutor.http.RoutePattern.Regex;
import io.github.collapseexecutor.http.RoutePattern.Rest;
import io.github.collapseexecutor.http.RoutePattern.Separator;
import io.github.collapseexecutor.http.RoutePattern.Wildcard;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.jspecify.annotations.Nullable;

/**
 * Reads the text of a {@link RoutePattern} into its elements, by the rules its javadoc states, and
 * rejects a pattern that could never match a request path, saying why.
 */
final class RoutePatternParser {

  private static final Separator SEPARATOR = new Separator();
  private static final Wildcard WILDCARD = new Wildcard();
  private static final Rest REST = new Rest();

  private RoutePatternParser() {}

  /**
   * Returns the elements of {@code pattern}.
   *
   * @throws IllegalArgumentException saying what makes the pattern unable to match
   */
  static List<Element> elements(String pattern) {
    if (!pattern.startsWith("/")) {
      throw new IllegalArgumentException("it must start with '/'");
    }
    List<@Nullable String> tokens = tokens(pattern);
    List<Element> elements = new ArrayList<>();
    Set<String> names = new HashSet<>();
    for (int t = 0; t < tokens.size(); t++) {
      String token = tokens.get(t);
      if (token == null) {
        elements.add(SEPARATOR);
      } else if (isRest(token)) {
        checkRest(tokens, t);
        elements.set(elements.size() - 1, REST);
        if (token.startsWith("{")) {
          declare(names, token.substring(2, token.length() - 1));
        }
      } else {
        elements.add(segment(token, names));
      }
    }
    return elements;
  }

  /** Splits the pattern into separators ({@code null}) and segments, keeping braces whole. */
  private static List<@Nullable String> tokens(String pattern) {
    List<@Nullable String> tokens = new ArrayList<>();
    int depth = 0;
    int start = -1;
    for (int i = 0; i < pattern.length(); i++) {
      char c = pattern.charAt(i);
      if (c == '{') {
        depth++;
      } else if (c == '}') {
        if (--depth < 0) {
          throw new IllegalArgumentException("'}' without '{' at " + i);
        }
      }
      if (c == '/' && depth > 0) {
        throw new IllegalArgumentException("'/' inside a variable at " + i);
      }
      if (c == '/') {
        if (start >= 0) {
          tokens.add(pattern.substring(start, i));
          start = -1;
        }
        tokens.add(null);
      } else if (start < 0) {
        start = i;
      }
    }
    if (depth > 0) {
      throw new IllegalArgumentException("'{' without '}'");
    }
    if (start >= 0) {
      tokens.add(pattern.substring(start));
    }
    return tokens;
  }

  private static boolean isRest(String token) {
    return token.equals("**")
        || (token.startsWith("{*") && token.endsWith("}") && token.indexOf('{', 1) < 0);
  }

  /** A rest must be the whole first or last segment, and the only one. */
  private static void checkRest(List<@Nullable String> tokens, int t) {
    int rests = 0;
    for (String token : tokens) {
      if (token != null && isRest(token)) {
        rests++;
      }
    }
    if (rests > 1) {
      throw new IllegalArgumentException("only one ** or {*name} is allowed");
    }
    if (t != 1 && t != tokens.size() - 1) {
      throw new IllegalArgumentException("** and {*name} must be the first or last segment");
    }
  }

  private static Element segment(String token, Set<String> names) {
    if (token.equals("*")) {
      return WILDCARD;
    }
    if (token.indexOf('{') < 0 && token.indexOf('*') < 0 && token.indexOf('?') < 0) {
      return new Literal(token);
    }
    if (token.startsWith("{") && closingBrace(token, 0) == token.length() - 1) {
      return capture(token.substring(1, token.length() - 1), names);
    }
    return new Regex(regex(token, names));
  }

  private static Element capture(String variable, Set<String> names) {
    if (variable.startsWith("*")) {
      throw new IllegalArgumentException("{*name} must be a whole segment");
    }
    int colon = variable.indexOf(':');
    declare(names, colon < 0 ? variable : variable.substring(0, colon));
    return new Capture(colon < 0 ? null : constraint(variable.substring(colon + 1)));
  }

  private static Pattern regex(String token, Set<String> names) {
    StringBuilder regex = new StringBuilder();
    int i = 0;
    while (i < token.length()) {
      char c = token.charAt(i);
      if (c == '{') {
        int end = closingBrace(token, i);
        String variable = token.substring(i + 1, end);
        if (variable.startsWith("*")) {
          throw new IllegalArgumentException("{*name} must be a whole segment");
        }
        int colon = variable.indexOf(':');
        declare(names, colon < 0 ? variable : variable.substring(0, colon));
        regex
            .append('(')
            .append(colon < 0 ? ".*" : constraint(variable.substring(colon + 1)).pattern())
            .append(')');
        i = end + 1;
      } else if (c == '*' || c == '?') {
        regex.append(c == '*' ? ".*" : ".");
        i++;
      } else {
        int end = i;
        while (end < token.length() && "{*?".indexOf(token.charAt(end)) < 0) {
          end++;
        }
        regex.append(Pattern.quote(token.substring(i, end)));
        i = end;
      }
    }
    return Pattern.compile(regex.toString());
  }

  /** Returns the index of the brace that closes the one at {@code open}, braces in a regex too. */
  private static int closingBrace(String token, int open) {
    int depth = 0;
    for (int i = open; i < token.length(); i++) {
      char c = token.charAt(i);
      if (c == '{') {
        depth++;
      } else if (c == '}' && --depth == 0) {
        return i;
      }
    }
    throw new IllegalArgumentException("'{' without '}'");
  }

  private static Pattern constraint(String regex) {
    if (regex.isEmpty()) {
      throw new IllegalArgumentException("a variable's regex is empty");
    }
    Pattern compiled;
    try {
      compiled = Pattern.compile(regex);
    } catch (PatternSyntaxException e) {
      throw new IllegalArgumentException("a variable's regex does not compile: " + regex, e);
    }
    if (compiled.matcher("").groupCount() > 0) {
      throw new IllegalArgumentException(
          "a variable's regex may not hold capturing groups, use (?:...): " + regex);
    }
    return compiled;
  }

  private static void declare(Set<String> names, String name) {
    if (name.indexOf('{') >= 0 || name.indexOf('}') >= 0) {
      throw new IllegalArgumentException("a variable name holds a brace: " + name);
    }
    if (!names.add(name)) {
      throw new IllegalArgumentException("the variable '" + name + "' appears twice");
    }
  }
}
