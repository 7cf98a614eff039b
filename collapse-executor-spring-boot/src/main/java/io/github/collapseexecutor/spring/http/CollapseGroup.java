package io.github.collapseexecutor.spring.http;

import java.util.List;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * A set of request paths whose GET and HEAD requests may collapse, with the name of the
 * {@link CollapsePolicy} that shapes their key. A request whose path matches no group is never
 * collapsed.
 *
 * <p>{@code uris} are path patterns matched as Spring MVC and WebFlux match their routes (Spring's
 * {@code PathPattern} syntax) against the path without the query, each segment percent-decoded and
 * without its {@code ;} parameters:
 *
 * <ul>
 *   <li>{@code /user/*}: {@code *} is one segment, so this matches {@code /user/42} (and
 *       {@code /user/}) but not {@code /user/42/orders}; within a segment, {@code *} is any run of
 *       characters and {@code ?} one character: {@code /test/noop*} matches {@code /test/noop}
 *       and {@code /test/noop-slow};</li>
 *   <li>{@code /users/{id}}: one non-empty segment; {@code /users/{id:\d+}}: one segment the
 *       regular expression matches;</li>
 *   <li>{@code /api/**} or {@code /files/{*path}}: any number of segments, none included, so
 *       {@code /api/**} matches {@code /api}, {@code /api/} and {@code /api/a/b}. Allowed only
 *       as the last segment, or as the first ({@code /**}{@code /*.html}), and only once.</li>
 * </ul>
 *
 * <p>{@code uriRegexes} are Java regular expressions * that must match the whole raw path. Shaped for binding from configuration:
 *
 * <pre>{@code
 * collapse-groups:
 *   - uris: [/user/*, /test/noop*]
 *   - collapse-policy-name: p1
 *     uris: [/samples/*]
 *   - uri-regexes: ['/orders/[0-9]+']
 * }</pre>
 *
 * @param uris path patterns, each starting with {@code /}; {@code null} means none
 * @param uriRegexes regular expressions for the whole path; {@code null} means none
 * @param collapsePolicyName the name of a policy in {@link HttpCollapseOptions#policies()}, or
 *     {@code null} for {@link CollapsePolicy#DEFAULT}
 */
public record CollapseGroup(List<String> uris, List<String> uriRegexes, String collapsePolicyName) {

  /**
   * Validates and copies the patterns.
   *
   * @throws IllegalArgumentException if there is no pattern at all, a path pattern can never
   *     match (it does not start with {@code /}, puts {@code **} in the middle, leaves a brace
   *     open, ...: the message names the pattern and its index in {@code uris}), a regular
   *     expression does not compile, or the policy name is blank
   */
  public CollapseGroup {
    uris = uris == null ? List.of() : List.copyOf(uris);
    uriRegexes = uriRegexes == null ? List.of() : List.copyOf(uriRegexes);
    if (uris.isEmpty() && uriRegexes.isEmpty()) {
      throw new IllegalArgumentException("a collapse group needs at least one uri or uri regex");
    }
    for (int i = 0; i < uris.size(); i++) {
      try {
        RoutePattern.parse(uris.get(i));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("uris[" + i + "]: " + e.getMessage(), e);
      }
    }
    for (String regex : uriRegexes) {
      try {
        Pattern.compile(regex);
      } catch (PatternSyntaxException e) {
        throw new IllegalArgumentException("uri regex does not compile: " + regex, e);
      }
    }
    if (collapsePolicyName != null && collapsePolicyName.isBlank()) {
      throw new IllegalArgumentException(
          "collapsePolicyName must not be blank: '" + collapsePolicyName + "'");
    }
  }

  /** Returns a group of path patterns with the default policy. */
  public static CollapseGroup ofUris(String... uris) {
    return new CollapseGroup(List.of(uris), List.of(), null);
  }

  /** Returns a group of path patterns whose key the named policy shapes. */
  public static CollapseGroup ofUris(String collapsePolicyName, List<String> uris) {
    return new CollapseGroup(uris, List.of(), collapsePolicyName);
  }

  /** Returns a group of regular expressions with the default policy. */
  public static CollapseGroup ofRegexes(String... uriRegexes) {
    return new CollapseGroup(List.of(), List.of(uriRegexes), null);
  }
}
