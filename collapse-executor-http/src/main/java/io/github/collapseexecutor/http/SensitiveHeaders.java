package io.github.collapseexecutor.http;

import java.util.Collection;
import java.util.Collections;
import java.util.HashSet;
import java.util.Objects;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import org.jspecify.annotations.Nullable;

/**
 * Which request headers and query parameters carry a credential and so always join the collapse
 * key: callers that send different values of a sensitive header or parameter never share a
 * response. Immutable; each {@code with...} method returns a changed copy. Names and patterns are
 * compared in lower case.
 *
 * <p>A header is sensitive ({@link #isSensitive(String)}) when its name is one of
 * {@link #names()}, or holds one of {@link #patterns()}, with underscores read as hyphens, and is
 * not one of {@link #nonSensitive()}. Names and patterns can only be
 * added to the {@link #defaults()}: the one way to make a header not sensitive is to name it in
 * {@link #withRemoved(Collection)}, so that a list of one's own never drops {@code Authorization}
 * or {@code Cookie} by accident. A name is never both listed and exempt: the later call wins.
 *
 * <p>Query parameters follow the same rule, their names percent-decoded, so that one list of names
 * and fragments decides both: a credential moved from a header into the query
 * ({@code ?access_token=}, {@code ?api_key=}, {@code ?X-Amz-Signature=}) still separates callers,
 * even on a group whose policy lists the query parameters that count. Among query parameters, the
 * whole names {@code key} and {@code sig} carry credentials too.
 *
 * <pre>{@code
 * SensitiveHeaders headers = SensitiveHeaders.defaults()
 *     .withAdded(List.of("X-Tenant"))             // the backend answers per tenant
 *     .withRemoved(List.of("X-Trace-Token"));     // only traces, although "token" names it
 * HttpCollapseOptions options = HttpCollapseOptions.builder()
 *     .sensitiveHeaderSettings(headers)
 *     .build();
 * }</pre>
 */
public final class SensitiveHeaders {

  /**
   * Whole names of query parameters that carry a credential though no fragment names them:
   * {@code key} (an API key, as Google's APIs take it) and {@code sig} (the signature of a shared
   * access URL). They count as whole names only: as fragments they would name {@code keyword},
   * {@code monkey}, {@code signal} or {@code design}, search and paging parameters that a policy
   * leaves out of the key on purpose, while the credential forms are named already ({@code -key}
   * in {@code api_key} and {@code subscription-key}, {@code signature}).
   */
  static final Set<String> CREDENTIAL_PARAMETERS = Set.of("key", "sig");

  private static final SensitiveHeaders DEFAULTS =
      new SensitiveHeaders(
          HttpCollapseOptions.DEFAULT_SENSITIVE_HEADERS,
          HttpCollapseOptions.DEFAULT_SENSITIVE_HEADER_PATTERNS,
          Set.of());

  private final Set<String> names;
  private final Set<String> patterns;
  private final Set<String> nonSensitive;

  private SensitiveHeaders(Set<String> names, Set<String> patterns, Set<String> nonSensitive) {
    this.names = Set.copyOf(names);
    this.patterns = Set.copyOf(patterns);
    this.nonSensitive = Set.copyOf(nonSensitive);
  }

  /**
   * Returns the library's defaults: {@link HttpCollapseOptions#DEFAULT_SENSITIVE_HEADERS} by name,
   * {@link HttpCollapseOptions#DEFAULT_SENSITIVE_HEADER_PATTERNS} as patterns, no exemption.
   */
  public static SensitiveHeaders defaults() {
    return DEFAULTS;
  }

  /** Returns the lower-case names of the request headers that always join the key. */
  public Set<String> names() {
    return names;
  }

  /** Returns the lower-case parts of a header name that make the header sensitive. */
  public Set<String> patterns() {
    return patterns;
  }

  /** Returns the lower-case names of the headers that no pattern makes sensitive. */
  public Set<String> nonSensitive() {
    return nonSensitive;
  }

  /**
   * Returns whether a header or metadata key of this name always joins the key: it is one of
   * {@link #names()}, or holds one of {@link #patterns()} (underscores read as hyphens, so
   * {@code x_api_key} as {@code x-api-key}) and is not one of {@link #nonSensitive()}.
   *
   * @param lowerName the name in lower case
   */
  public boolean isSensitive(String lowerName) {
    return names.contains(lowerName)
        || (!nonSensitive.contains(lowerName) && HeaderNames.holdsAny(lowerName, patterns));
  }

  /**
   * Returns whether a query parameter of this name always joins the key, whatever the query
   * parameters a policy lists: by the rule of {@link #isSensitive(String)}, or because its whole
   * name is {@code key} or {@code sig} and not one of {@link #nonSensitive()}.
   *
   * @param lowerName the name, percent-decoded, in lower case
   */
  boolean isSensitiveParameter(String lowerName) {
    return isSensitive(lowerName)
        || (CREDENTIAL_PARAMETERS.contains(lowerName) && !nonSensitive.contains(lowerName));
  }

  /**
   * Returns a copy that lists {@code names} too, beside the names already listed.
   *
   * @throws IllegalArgumentException if a name is null or blank
   */
  public SensitiveHeaders withAdded(Collection<String> names) {
    Set<String> added = lowerCase("sensitiveHeaders", names);
    return new SensitiveHeaders(with(this.names, added), patterns, without(nonSensitive, added));
  }

  /**
   * Returns a copy in which {@code names} are not sensitive: they leave the listed names, and a
   * pattern no longer names them (a {@code X-Trace-Token} that only traces, for instance). Callers
   * that send different values of such a header then share a response, unless a policy names it.
   *
   * @throws IllegalArgumentException if a name is null or blank
   */
  public SensitiveHeaders withRemoved(Collection<String> names) {
    Set<String> removed = lowerCase("removeSensitiveHeaders", names);
    return new SensitiveHeaders(
        without(this.names, removed), patterns, with(nonSensitive, removed));
  }

  /**
   * Returns a copy with {@code patterns} too, beside the patterns already held: a header whose
   * lower-case name contains one of them joins the key as a listed header does.
   *
   * @throws IllegalArgumentException if a pattern is null or blank
   */
  public SensitiveHeaders withAddedPatterns(Collection<String> patterns) {
    return new SensitiveHeaders(
        names, with(this.patterns, lowerCase("sensitiveHeaderPatterns", patterns)), nonSensitive);
  }

  /**
   * Returns the names of {@link #nonSensitive()} that the {@link #defaults()} make sensitive, by
   * name or by a pattern, in alphabetical order: callers that send different values of them share
   * responses, which the defaults would not let them do.
   */
  public SortedSet<String> removedDefaults() {
    SortedSet<String> removed = new TreeSet<>();
    for (String name : nonSensitive) {
      if (HttpCollapseOptions.DEFAULT_SENSITIVE_HEADERS.contains(name)
          || HeaderNames.holdsAny(name, HttpCollapseOptions.DEFAULT_SENSITIVE_HEADER_PATTERNS)) {
        removed.add(name);
      }
    }
    return Collections.unmodifiableSortedSet(removed);
  }

  private static Set<String> lowerCase(String setting, Collection<String> names) {
    return Set.copyOf(NameChecks.checked(setting, names, /* lowerCase= */ true));
  }

  private static Set<String> with(Set<String> set, Set<String> more) {
    Set<String> union = new HashSet<>(set);
    union.addAll(more);
    return union;
  }

  private static Set<String> without(Set<String> set, Set<String> less) {
    Set<String> difference = new HashSet<>(set);
    difference.removeAll(less);
    return difference;
  }

  @Override
  public boolean equals(@Nullable Object other) {
    return other instanceof SensitiveHeaders that
        && names.equals(that.names)
        && patterns.equals(that.patterns)
        && nonSensitive.equals(that.nonSensitive);
  }

  @Override
  public int hashCode() {
    return Objects.hash(names, patterns, nonSensitive);
  }

  @Override
  public String toString() {
    return "SensitiveHeaders{names="
        + names
        + ", patterns="
        + patterns
        + ", nonSensitive="
        + nonSensitive
        + "}";
  }
}
