package io.github.collapseexecutor.spring.http;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Narrows or widens the collapse key of the requests of one {@link CollapseGroup}.
 *
 * <ul>
 *   <li>{@code collapseRequestHeaders}: request headers whose values join the key, so requests that
 *       differ in them never share a response (names compare case-insensitively). The sensitive
 *       headers of {@link HttpCollapseOptions#sensitiveHeaders()} are in the key whatever this
 *       says.</li>
 *   <li>{@code collapseRequestQueries}: when not empty, only these query parameters count in the
 *       key and the others are ignored; when empty (the default), every query parameter counts, in
 *       the order sent.</li>
 *   <li>{@code shareUncacheable}: whether responses that a shared cache could not store
 *       ({@code no-store}, {@code no-cache}, {@code private}, ...) are shared among requests with
 *       the same credentials ({@link ShareUncacheable#WITHIN_CREDENTIALS}, the default) or never;
 *       see {@link ShareUncacheable}.</li>
 * </ul>
 *
 * <p>Shaped for binding from configuration:
 *
 * <pre>{@code
 * collapse-policies:
 *   p1:
 *     collapse-request-headers: [accept-language]
 *     collapse-request-queries: [sample]
 *     share-uncacheable: within-credentials
 * }</pre>
 *
 * @param collapseRequestHeaders header names that join the key; {@code null} means none
 * @param collapseRequestQueries query parameter names that alone count; {@code null} or empty means
 *     all
 * @param shareUncacheable whether uncacheable responses are shared; {@code null} means
 *     {@link ShareUncacheable#WITHIN_CREDENTIALS}
 */
public record CollapsePolicy(List<String> collapseRequestHeaders, List<String> collapseRequestQueries,
    ShareUncacheable shareUncacheable) {

  /**
   * The policy of a group that names none: every query parameter counts, no extra header,
   * uncacheable responses shared within the same credentials.
   */
  public static final CollapsePolicy DEFAULT = new CollapsePolicy(List.of(), List.of());

  /**
   * Validates and copies the lists; header names are kept in lower case.
   *
   * @throws IllegalArgumentException if a name is null or blank
   */
  public CollapsePolicy {
    collapseRequestHeaders = names("collapseRequestHeaders", collapseRequestHeaders, true);
    collapseRequestQueries = names("collapseRequestQueries", collapseRequestQueries, false);
    shareUncacheable = shareUncacheable == null
        ? ShareUncacheable.WITHIN_CREDENTIALS : shareUncacheable;
  }

  /** Creates a policy that shares uncacheable responses within the same credentials. */
  public CollapsePolicy(List<String> collapseRequestHeaders, List<String> collapseRequestQueries) {
    this(collapseRequestHeaders, collapseRequestQueries, null);
  }

  /** Returns a policy with the given headers and queries. */
  public static CollapsePolicy of(List<String> collapseRequestHeaders,
      List<String> collapseRequestQueries) {
    return new CollapsePolicy(collapseRequestHeaders, collapseRequestQueries);
  }

  /** Returns this policy with {@code shareUncacheable} instead of its own. */
  public CollapsePolicy withShareUncacheable(ShareUncacheable shareUncacheable) {
    return new CollapsePolicy(collapseRequestHeaders, collapseRequestQueries, shareUncacheable);
  }

  /** Returns whether every query parameter counts in the key. */
  public boolean allQueriesCount() {
    return collapseRequestQueries.isEmpty();
  }

  private static List<String> names(String what, List<String> names, boolean lowerCase) {
    if (names == null) {
      return List.of();
    }
    List<String> copy = new ArrayList<>(names.size());
    for (String name : names) {
      if (name == null || name.isBlank()) {
        throw new IllegalArgumentException(what + " must not hold a blank name: " + names);
      }
      String trimmed = name.strip();
      copy.add(lowerCase ? trimmed.toLowerCase(Locale.ROOT) : trimmed);
    }
    return List.copyOf(copy);
  }
}
