package io.github.collapseexecutor.http;

import java.util.Collection;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;

/**
 * Knows, for a header or query parameter name as a request sends it, its lower-case form and
 * whether the {@link SensitiveHeaders} rule makes it sensitive. Thread-safe.
 *
 * <p>The key is built on every request, so what it learns of a name is remembered: an application
 * sends few distinct names, and each then costs one map look-up per request, instead of a
 * conversion to lower case and a scan of every fragment.
 */
final class HeaderNames {

  /** Enough for the header names of any real application; more are judged each time. */
  private static final int MAX_REMEMBERED = 1024;

  private final Predicate<String> sensitive;
  private final Map<String, Name> remembered = new ConcurrentHashMap<>();

  /**
   * A header name as {@link CollapseRules} needs it.
   *
   * @param lower the name in lower case
   * @param sensitive whether the name is sensitive: listed, or holding a sensitive fragment, and
   *     not exempt
   * @param address whether the name is one of a header that carries the client's address
   *     ({@link HttpCollapseOptions#ADDRESS_HEADER_PATTERNS})
   */
  record Name(String lower, boolean sensitive, boolean address) {}

  /**
   * @param sensitive whether a lower-case name is sensitive:
   *     {@link SensitiveHeaders#isSensitive(String)} for headers,
   *     {@link SensitiveHeaders#isSensitiveParameter(String)} for query parameters
   */
  HeaderNames(Predicate<String> sensitive) {
    this.sensitive = sensitive;
  }

  /** Returns what is known of {@code sent}, a header name in any case. */
  Name of(String sent) {
    Name name = remembered.get(sent);
    if (name == null) {
      name = judge(sent);
      if (remembered.size() < MAX_REMEMBERED) {
        remembered.put(sent, name);
      }
    }
    return name;
  }

  private Name judge(String sent) {
    String lower = sent.toLowerCase(Locale.ROOT);
    return new Name(
        lower, sensitive.test(lower), holdsAny(lower, HttpCollapseOptions.ADDRESS_HEADER_PATTERNS));
  }

  /**
   * Returns whether the lower-case header name {@code lower} holds one of {@code fragments}.
   * Fragments are written with hyphens, and a name written with underscores ({@code X_API_KEY})
   * means the same to a server that reads it, so underscores count as hyphens.
   */
  static boolean holdsAny(String lower, Collection<String> fragments) {
    String hyphenated = lower.replace('_', '-');
    for (String fragment : fragments) {
      if (hyphenated.contains(fragment)) {
        return true;
      }
    }
    return false;
  }
}
