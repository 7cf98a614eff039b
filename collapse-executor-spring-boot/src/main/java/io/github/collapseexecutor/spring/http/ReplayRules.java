package io.github.collapseexecutor.spring.http;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Which responses may be handed to callers other than the one whose call produced them, and which
 * headers a server may not copy from one response to another.
 *
 * <p>A response is never shared if it sets a cookie ({@code Set-Cookie}), is marked
 * {@code Cache-Control: private} or {@code no-store}, or varies on everything ({@code Vary: *}):
 * shared caches refuse to store those, and a collapse must not hand out what a cache could not.
 */
public final class ReplayRules {

  private static final Set<String> HOP_BY_HOP = Set.of("connection", "keep-alive",
      "proxy-authenticate", "proxy-authorization", "proxy-connection", "te", "trailer",
      "transfer-encoding", "upgrade");

  private ReplayRules() {}

  /** Returns why a response with these headers must not be shared, or {@code null} if it may. */
  public static String refusal(List<Map.Entry<String, String>> headers) {
    for (Map.Entry<String, String> header : headers) {
      String name = header.getKey().toLowerCase(Locale.ROOT);
      String value = header.getValue().toLowerCase(Locale.ROOT);
      if (name.equals("set-cookie") || name.equals("set-cookie2")) {
        return "the response sets a cookie";
      }
      if (name.equals("cache-control")) {
        for (String directive : value.split(",")) {
          String token = directive.strip();
          if (token.equals("no-store") || token.equals("private") || token.startsWith("private=")) {
            return "the response is Cache-Control: " + token;
          }
        }
      }
      if (name.equals("vary") && value.strip().equals("*")) {
        return "the response is Vary: *";
      }
    }
    return null;
  }

  /**
   * Returns whether a server must not copy the header {@code name} to another response: the
   * hop-by-hop headers of RFC 9110 section 7.6.1, and any header the response's {@code Connection}
   * header names.
   */
  public static boolean isHopByHop(String name, List<Map.Entry<String, String>> headers) {
    String lower = name.toLowerCase(Locale.ROOT);
    if (HOP_BY_HOP.contains(lower)) {
      return true;
    }
    for (Map.Entry<String, String> header : headers) {
      if (header.getKey().equalsIgnoreCase("connection")) {
        for (String token : header.getValue().split(",")) {
          if (token.strip().equalsIgnoreCase(lower)) {
            return true;
          }
        }
      }
    }
    return false;
  }
}
