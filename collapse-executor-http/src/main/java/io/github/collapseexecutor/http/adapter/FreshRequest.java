package io.github.collapseexecutor.http.adapter;

import io.github.collapseexecutor.http.RequestHeaders;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Whether a request asks for a fresh answer: {@code Cache-Control: no-cache} or {@code max-age=0}
 * (RFC 9111 section 5.2.1), or {@code Pragma: no-cache} when it sends no {@code Cache-Control}
 * (section 5.4). A client sends one to read its own write: joining a call that was sent before
 * the request arrived would hand it the state from before its write, so such a request never
 * joins; it makes its own call, as with collapse off.
 *
 * <p>Directives compare in any case, separated by commas with any spaces around them; a quoted
 * value may hold a comma. {@code max-age} of any run of zeros ({@code 0}, {@code 00},
 * {@code "0"}), or a value that is no number, asks for a fresh answer: a request whose age limit
 * cannot be read is not trusted with an answer that may be older than it. {@code no-store} alone
 * does not: it forbids storing the answer, not reusing one in progress.
 *
 * <p>Such a request makes a call of its own rather than leading one that later requests could
 * join: the executor joins whatever call its key has in flight, so a request could lead only when
 * none is, which it cannot find out without joining the one there is; a second flight for the same
 * key would need a key of its own, which later requests would not find. The cost is one call per
 * such request, the same as with collapse off.
 */
final class FreshRequest {

  /** The reason a request that asks for a fresh answer passes, as its observation reports it. */
  static final String REASON = "fresh-requested";

  private FreshRequest() {}

  /** Returns whether {@code headers} ask for a fresh answer. */
  static boolean asked(RequestHeaders headers) {
    boolean cacheControl = false;
    for (String value : headers.values("Cache-Control")) {
      if (value == null || value.isBlank()) {
        continue; // a client's header map may hold one: it has no directive
      }
      cacheControl = true;
      for (String directive : directives(value)) {
        if (asksFresh(directive)) {
          return true;
        }
      }
    }
    if (cacheControl) {
      return false; // RFC 9111 section 5.4: Pragma is ignored beside Cache-Control
    }
    for (String value : headers.values("Pragma")) {
      if (value != null && directives(value).contains("no-cache")) {
        return true;
      }
    }
    return false;
  }

  private static boolean asksFresh(String directive) {
    int eq = directive.indexOf('=');
    String name = (eq < 0 ? directive : directive.substring(0, eq)).strip();
    if (name.equals("no-cache")) {
      return true; // with or without a field list: a request's no-cache takes none
    }
    if (!name.equals("max-age")) {
      return false;
    }
    String seconds = eq < 0 ? "" : unquoted(directive.substring(eq + 1).strip());
    return !seconds.chars().allMatch(Character::isDigit) || seconds.chars().allMatch(c -> c == '0');
  }

  /** Returns a quoted-string's content without its quotes and escapes; other values as they are. */
  private static String unquoted(String value) {
    if (value.length() < 2 || value.charAt(0) != '"' || value.charAt(value.length() - 1) != '"') {
      return value;
    }
    return value.substring(1, value.length() - 1).replaceAll("\\\\(.)", "$1").strip();
  }

  /**
   * Splits a header value into its directives, in lower case and stripped: at each comma outside
   * a quoted string, where a backslash escapes the next character.
   */
  static List<String> directives(String value) {
    List<String> directives = new ArrayList<>();
    StringBuilder directive = new StringBuilder();
    boolean quoted = false;
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      if (quoted && c == '\\' && i + 1 < value.length()) {
        directive.append(c).append(value.charAt(++i));
        continue;
      }
      if (c == '"') {
        quoted = !quoted;
      } else if (c == ',' && !quoted) {
        add(directives, directive);
        continue;
      }
      directive.append(c);
    }
    add(directives, directive);
    return directives;
  }

  private static void add(List<String> directives, StringBuilder directive) {
    String stripped = directive.toString().strip().toLowerCase(Locale.ROOT);
    if (!stripped.isEmpty()) {
      directives.add(stripped);
    }
    directive.setLength(0);
  }
}
