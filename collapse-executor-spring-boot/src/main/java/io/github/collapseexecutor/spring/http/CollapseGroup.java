package io.github.collapseexecutor.spring.http;

import java.util.List;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * A set of request paths whose GET and HEAD requests may collapse, with the name of the
 * {@link CollapsePolicy} that shapes their key. A request whose path matches no group is never
 * collapsed.
 *
 * <p>{@code uris} are Ant-style patterns matched against the whole path (without the query):
 * {@code ?} is one character other than {@code /}, {@code *} is any run of characters other than
 * {@code /}, and {@code **} is any run of characters, {@code /} included. So {@code /user/*}
 * matches {@code /user/42} but not {@code /user/42/orders}, and {@code /test/noop*} matches
 * {@code /test/noop} and {@code /test/noop-slow}. {@code uriRegexes} are Java regular expressions
 * that must match the whole path. Shaped for binding from configuration:
 *
 * <pre>{@code
 * collapse-groups:
 *   - uris: [/user/*, /test/noop*]
 *   - collapse-policy-name: p1
 *     uris: [/samples/*]
 *   - uri-regexes: ['/orders/[0-9]+']
 * }</pre>
 *
 * @param uris Ant-style path patterns, each starting with {@code /}; {@code null} means none
 * @param uriRegexes regular expressions for the whole path; {@code null} means none
 * @param collapsePolicyName the name of a policy in {@link HttpCollapseOptions#policies()}, or
 *     {@code null} for {@link CollapsePolicy#DEFAULT}
 */
public record CollapseGroup(List<String> uris, List<String> uriRegexes, String collapsePolicyName) {

  /**
   * Validates and copies the patterns.
   *
   * @throws IllegalArgumentException if there is no pattern at all, a pattern does not start with
   *     {@code /}, a regular expression does not compile, or the policy name is blank
   */
  public CollapseGroup {
    uris = uris == null ? List.of() : List.copyOf(uris);
    uriRegexes = uriRegexes == null ? List.of() : List.copyOf(uriRegexes);
    if (uris.isEmpty() && uriRegexes.isEmpty()) {
      throw new IllegalArgumentException("a collapse group needs at least one uri or uri regex");
    }
    for (String uri : uris) {
      if (!uri.startsWith("/")) {
        throw new IllegalArgumentException("uri pattern must start with '/': " + uri);
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

  /** Returns a group of Ant-style patterns with the default policy. */
  public static CollapseGroup ofUris(String... uris) {
    return new CollapseGroup(List.of(uris), List.of(), null);
  }

  /** Returns a group of Ant-style patterns whose key the named policy shapes. */
  public static CollapseGroup ofUris(String collapsePolicyName, List<String> uris) {
    return new CollapseGroup(uris, List.of(), collapsePolicyName);
  }

  /** Returns a group of regular expressions with the default policy. */
  public static CollapseGroup ofRegexes(String... uriRegexes) {
    return new CollapseGroup(List.of(), List.of(uriRegexes), null);
  }
}
