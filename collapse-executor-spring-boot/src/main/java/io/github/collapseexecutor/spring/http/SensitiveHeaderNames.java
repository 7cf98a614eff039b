package io.github.collapseexecutor.spring.http;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Tells which header names are sensitive because they carry one of the configured fragments
 * ({@code token}, {@code secret}, ...), beyond the sensitive names listed one by one, which the
 * key holds anyway. Thread-safe.
 *
 * <p>The key is built on every request, so a name's verdict is remembered: an application sends
 * few distinct header names, and each then costs one map look-up per request instead of a scan of
 * every fragment.
 */
final class SensitiveHeaderNames {

  /** Enough for the header names of any real application; more are judged each time. */
  private static final int MAX_REMEMBERED = 1024;

  /** What the map remembers for a name that is not sensitive by its fragments. */
  private static final String NOT_SENSITIVE = "";

  private final Set<String> listed;
  private final List<String> fragments;
  private final Set<String> exempt;
  private final Map<String, String> verdicts = new ConcurrentHashMap<>();

  /**
   * @param listed lower-case names that join the key anyway, so they need no verdict
   * @param fragments lower-case parts of a name that make it sensitive
   * @param exempt lower-case names that are never sensitive by their fragments
   */
  SensitiveHeaderNames(Set<String> listed, Set<String> fragments, Set<String> exempt) {
    this.listed = Set.copyOf(listed);
    this.fragments = List.copyOf(fragments);
    this.exempt = Set.copyOf(exempt);
  }

  /**
   * Returns the lower-case form of {@code name} if it is sensitive by a fragment and not listed,
   * else {@code null}.
   */
  String extra(String name) {
    String verdict = verdicts.get(name);
    if (verdict == null) {
      verdict = judge(name);
      if (verdicts.size() < MAX_REMEMBERED) {
        verdicts.put(name, verdict);
      }
    }
    return verdict.isEmpty() ? null : verdict;
  }

  private String judge(String name) {
    String lower = name.toLowerCase(Locale.ROOT);
    if (listed.contains(lower) || exempt.contains(lower)) {
      return NOT_SENSITIVE;
    }
    for (String fragment : fragments) {
      if (lower.contains(fragment)) {
        return lower;
      }
    }
    return NOT_SENSITIVE;
  }
}
