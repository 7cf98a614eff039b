package io.github.collapseexecutor.http;

import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.jspecify.annotations.Nullable;

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
 * <p>{@code uriRegexes} are Java regular expressions that must match the whole raw path. A group
 * has a {@code name}, by which stats, meters, the actuator endpoint and the log name it; unless
 * given, it is the group's first pattern (its first uri, else its first regular expression). The
 * names of the groups of one {@link HttpCollapseOptions} differ. Shaped for binding from
 * configuration:
 *
 * <pre>{@code
 * collapse-groups:
 *   - uris: [/user/*, /test/noop*]       # named /user/*
 *   - name: samples
 *     collapse-policy-name: p1
 *     uris: [/samples/*]
 *   - uri-regexes: ['/orders/[0-9]+']
 * }</pre>
 *
 * <p>Built with {@link #builder()}, {@link #ofUris} or {@link #ofRegexes}; equal when every
 * setting is.
 */
public final class CollapseGroup {

  private final String name;
  private final List<String> uris;
  private final List<String> uriRegexes;
  private final @Nullable String collapsePolicyName;

  /**
   * Validates and copies the patterns, and names the group after its first pattern unless
   * {@code name} is given.
   *
   * @throws IllegalArgumentException if there is no pattern at all, a path pattern can never
   *     match (it does not start with {@code /}, puts {@code **} in the middle, leaves a brace
   *     open, ...: the message names the pattern and its index in {@code uris}), a regular
   *     expression is blank or does not compile, or the name or the policy name is blank
   */
  private CollapseGroup(
      @Nullable String name,
      List<String> uris,
      List<String> uriRegexes,
      @Nullable String collapsePolicyName) {
    this.uris = checkedUris(uris);
    this.uriRegexes = checkedRegexes(uriRegexes);
    if (this.uris.isEmpty() && this.uriRegexes.isEmpty()) {
      throw new IllegalArgumentException("a collapse group needs at least one uri or uri regex");
    }
    this.collapsePolicyName = checkedPolicyName(collapsePolicyName);
    this.name =
        name == null
            ? (this.uris.isEmpty() ? this.uriRegexes : this.uris).get(0)
            : NameChecks.nonBlank("name", name);
  }

  /**
   * Returns a group of path patterns with the default policy.
   *
   * @throws IllegalArgumentException if a pattern can never match, or there is none
   */
  public static CollapseGroup ofUris(String... uris) {
    return new CollapseGroup(null, List.of(uris), List.of(), null);
  }

  /**
   * Returns a group of path patterns whose key the named policy shapes.
   *
   * @throws IllegalArgumentException if a pattern can never match, there is none, or the policy
   *     name is blank
   */
  public static CollapseGroup ofUris(String collapsePolicyName, List<String> uris) {
    return new CollapseGroup(null, uris, List.of(), collapsePolicyName);
  }

  /**
   * Returns a group of regular expressions with the default policy.
   *
   * @throws IllegalArgumentException if an expression is blank or does not compile, or there is
   *     none
   */
  public static CollapseGroup ofRegexes(String... uriRegexes) {
    return new CollapseGroup(null, List.of(), List.of(uriRegexes), null);
  }

  /** Returns a builder of a group, for code that sets one setting at a time. */
  public static Builder builder() {
    return new Builder();
  }

  /** Returns the name shown for the group: the one given, else its first pattern. */
  public String name() {
    return name;
  }

  /** Returns the path patterns, each starting with {@code /}. */
  public List<String> uris() {
    return uris;
  }

  /** Returns the regular expressions for the whole path. */
  public List<String> uriRegexes() {
    return uriRegexes;
  }

  /**
   * Returns the name of a policy in {@link HttpCollapseOptions#policies()}, or {@code null} for
   * {@link CollapsePolicy#DEFAULT}.
   */
  public @Nullable String collapsePolicyName() {
    return collapsePolicyName;
  }

  /**
   * Returns this group named {@code name}.
   *
   * @throws IllegalArgumentException if {@code name} is blank
   */
  public CollapseGroup withName(String name) {
    return new CollapseGroup(
        Objects.requireNonNull(name, "name"), uris, uriRegexes, collapsePolicyName);
  }

  @Override
  public boolean equals(@Nullable Object other) {
    return other instanceof CollapseGroup that
        && name.equals(that.name)
        && uris.equals(that.uris)
        && uriRegexes.equals(that.uriRegexes)
        && Objects.equals(collapsePolicyName, that.collapsePolicyName);
  }

  @Override
  public int hashCode() {
    return Objects.hash(name, uris, uriRegexes, collapsePolicyName);
  }

  @Override
  public String toString() {
    return "CollapseGroup[name="
        + name
        + ", uris="
        + uris
        + ", uriRegexes="
        + uriRegexes
        + ", collapsePolicyName="
        + collapsePolicyName
        + "]";
  }

  private static List<String> checkedUris(List<String> uris) {
    for (int i = 0; i < uris.size(); i++) {
      if (uris.get(i) == null) {
        throw new IllegalArgumentException("uris[" + i + "]: a uri pattern must not be null");
      }
      try {
        RoutePattern.parse(uris.get(i));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("uris[" + i + "]: " + e.getMessage(), e);
      }
    }
    return List.copyOf(uris);
  }

  private static List<String> checkedRegexes(List<String> regexes) {
    for (String regex : regexes) {
      if (regex == null || regex.isBlank()) {
        // an empty regex matches no request path, so it can only be a mistake
        throw new IllegalArgumentException("uri regex must not be blank: '" + regex + "'");
      }
      try {
        Pattern.compile(regex);
      } catch (PatternSyntaxException e) {
        throw new IllegalArgumentException(
            "uri regex does not compile: "
                + regex
                + " ("
                + e.getDescription()
                + " near index "
                + e.getIndex()
                + ")",
            e);
      }
    }
    return List.copyOf(regexes);
  }

  private static @Nullable String checkedPolicyName(@Nullable String collapsePolicyName) {
    return collapsePolicyName == null
        ? null
        : NameChecks.nonBlank("collapsePolicyName", collapsePolicyName);
  }

  /**
   * Builds a {@link CollapseGroup}; each setter checks its value at once, so that a rejection is
   * known to be about that setting, and {@link #build()} checks that there is a pattern.
   */
  public static final class Builder {

    private @Nullable String name;
    private List<String> uris = List.of();
    private List<String> uriRegexes = List.of();
    private @Nullable String collapsePolicyName;

    private Builder() {}

    /**
     * Sets the name; the first pattern when not set.
     *
     * @throws IllegalArgumentException if {@code name} is blank
     */
    public Builder name(String name) {
      this.name = NameChecks.nonBlank("name", name);
      return this;
    }

    /**
     * Sets the Ant-style path patterns.
     *
     * @throws IllegalArgumentException if a pattern does not start with {@code /}
     */
    public Builder uris(List<String> uris) {
      this.uris = checkedUris(Objects.requireNonNull(uris, "uris"));
      return this;
    }

    /**
     * Sets the regular expressions for the whole path.
     *
     * @throws IllegalArgumentException if one is blank or does not compile
     */
    public Builder uriRegexes(List<String> uriRegexes) {
      this.uriRegexes = checkedRegexes(Objects.requireNonNull(uriRegexes, "uriRegexes"));
      return this;
    }

    /**
     * Sets the name of the policy that shapes the key; {@code null} for the default policy.
     *
     * @throws IllegalArgumentException if {@code collapsePolicyName} is blank
     */
    public Builder collapsePolicyName(@Nullable String collapsePolicyName) {
      this.collapsePolicyName = checkedPolicyName(collapsePolicyName);
      return this;
    }

    /**
     * Returns the group.
     *
     * @throws IllegalArgumentException if neither uris nor uri regexes were set
     */
    public CollapseGroup build() {
      return new CollapseGroup(name, uris, uriRegexes, collapsePolicyName);
    }
  }
}
