package io.github.collapseexecutor.http;

import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Knows, for a header name as a request sends it, its lower-case form and whether it is sensitive
 * because it holds one of the configured fragments ({@code token}, {@code secret}, ...).
 * Thread-safe.
 *
 * <p>The key is built on every request, so what it learns of a name is remembered: an application
 * sends few distinct header names, and each then costs one map look-up per request, instead of a
 * conversion to lower case and a scan of every fragment.
 */
final class HeaderNames {

  /** Enough for the header names of any real application; more are judged each time. */
  private static final int MAX_REMEMBERED = 1024;

  private final List<String> fragments;
  private final Set<String> exempt;
  private final Map<String, Name> remembered = new ConcurrentHashMap<>();

  /**
   * A header name as {@link CollapseRules} needs it.
   *
   * @param lower the name in lower case
   * @param sensitiveByPattern whether the name holds a sensitive fragment and is not exempt
   * @param address whether the name is one of a header that carries the client's address
   *     ({@link HttpCollapseOptions#ADDRESS_HEADER_PATTERNS})
   */
  record Name(String lower, boolean sensitiveByPattern, boolean address) {}

  /**
   * @param fragments lower-case parts of a name that make it sensitive
   * @param exempt lower-case names that are never sensitive by their fragments
   */
  HeaderNames(Set<String> fragments, Set<String> exempt) {
    this.fragments = List.copyOf(fragments);
    this.exempt = Set.copyOf(exempt);
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
    return new Name(lower, !exempt.contains(lower) && holdsAny(lower, fragments),
        holdsAny(lower, HttpCollapseOptions.ADDRESS_HEADER_PATTERNS));
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
