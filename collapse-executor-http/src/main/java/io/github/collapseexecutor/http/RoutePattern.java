package io.github.collapseexecutor.http;

import java.util.List;
import java.util.regex.Pattern;
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
  sealed interface Element permits Separator, Literal, Wildcard, Capture, Regex, Rest {}

  record Separator() implements Element {}

  record Literal(String text) implements Element {}

  record Wildcard() implements Element {}

  /** A whole segment captured, constrained by {@code constraint} when not null. */
  record Capture(@Nullable Pattern constraint) implements Element {}

  record Regex(Pattern pattern) implements Element {}

  /** {@code /**} or {@code /{*name}}, separator included: any number of segments. */
  record Rest() implements Element {}

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
      return new RoutePattern(RoutePatternParser.elements(pattern));
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
      return i == path.length || (segment && i + 1 == path.length);
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

  @Override
  public String toString() {
    return elements.toString();
  }
}
