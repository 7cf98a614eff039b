package io.github.collapseexecutor.http;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.jspecify.annotations.Nullable;

/**
 * A path pattern of {@link CollapseGroup#uris()}, matched as Spring MVC and WebFlux match their
 * routes ({@code PathPattern}), without needing spring-web: the OkHttp and servlet adapters work
 * without it. {@code RoutePatternParityTest} checks each rule against Spring's own parser.
 *
 * <p>A path is a run of separators ({@code /}) and segments; a segment is compared after its
 * {@code ;} parameters are cut off and it is percent-decoded. A pattern segment is one of:
 * a literal; {@code *} (one segment; only the last may be empty); {@code {name}} (one non-empty
 * segment) or {@code {name:regex}} (one segment the regex matches); a mix of literal text,
 * {@code ?}, {@code *} and variables, matched as a regex within the segment; or, as the first or
 * last segment only, {@code **} or {@code {*name}}: any number of segments, none included, so
 * {@code /api/**} matches {@code /api} too.
 */
final class RoutePattern {

  /** One element of a pattern: a separator or one kind of segment. */
  private sealed interface Element permits Separator, Literal, Wildcard, Capture, Regex, Rest {}

  private record Separator() implements Element {}

  private record Literal(String text) implements Element {}

  private record Wildcard() implements Element {}

  /** A whole segment captured, constrained by {@code constraint} when not null. */
  private record Capture(@Nullable Pattern constraint) implements Element {}

  private record Regex(Pattern pattern) implements Element {}

  /** {@code /**} or {@code /{*name}}, separator included: any number of segments. */
  private record Rest() implements Element {}

  private static final Separator SEPARATOR = new Separator();
  private static final Wildcard WILDCARD = new Wildcard();
  private static final Rest REST = new Rest();

  private final List<Element> elements;

  private RoutePattern(List<Element> elements) {
    this.elements = List.copyOf(elements);
  }

  /**
   * Parses {@code pattern}.
   *
   * @throws IllegalArgumentException naming the pattern, if it can never match a request path
   */
  static RoutePattern parse(String pattern) {
    try {
      return new RoutePattern(elements(pattern));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "uri pattern '" + pattern + "' can never match: " + e.getMessage(), e);
    }
  }

  /** Returns whether the raw (percent-encoded) path, without query, matches this pattern. */
  boolean matches(String rawPath) {
    @Nullable String[] path = PathElements.of(rawPath);
    return path != null && match(0, path, 0);
  }

  /**
   * Whether the pattern from element {@code e} on matches the path from element {@code i} on; the
   * path holds {@code null} for a separator and the segment's value otherwise.
   */
  private boolean match(int e, @Nullable String[] path, int i) {
    if (e == elements.size()) {
      return i == path.length;
    }
    boolean segment = i < path.length && path[i] != null;
    boolean last = e == elements.size() - 1;
    Element element = elements.get(e);
    if (element instanceof Separator) {
      return i < path.length && path[i] == null && match(e + 1, path, i + 1);
    }
    if (element instanceof Rest) {
      return last ? i == path.length || path[i] == null : restThenMatch(e + 1, path, i);
    }
    if (element instanceof Wildcard && last) {
      // a trailing * matches the empty end of a path that ends with a separator
      return i == path.length || segment && i + 1 == path.length;
    }
    return segment && matchesSegment(element, path[i]) && match(e + 1, path, i + 1);
  }

  /** A leading rest: the pattern after it matches from some separator on. */
  private boolean restThenMatch(int e, @Nullable String[] path, int from) {
    for (int i = from; i <= path.length; i++) {
      if ((i == path.length || path[i] == null) && match(e, path, i)) {
        return true;
      }
    }
    return false;
  }

  private static boolean matchesSegment(Element element, String value) {
    if (element instanceof Literal literal) {
      return literal.text().equals(value);
    }
    if (element instanceof Wildcard) {
      // within a path, * needs at least one character
      return !value.isEmpty();
    }
    if (element instanceof Capture capture) {
      return !value.isEmpty()
          && (capture.constraint() == null || capture.constraint().matcher(value).matches());
    }
    return ((Regex) element).pattern().matcher(value).matches();
  }

  private static List<Element> elements(String pattern) {
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
        || token.startsWith("{*") && token.endsWith("}") && token.indexOf('{', 1) < 0;
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

  @Override
  public String toString() {
    return elements.toString();
  }
}
