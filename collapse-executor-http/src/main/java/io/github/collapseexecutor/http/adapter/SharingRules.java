package io.github.collapseexecutor.http.adapter;

import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.CollapsePolicy;
import io.github.collapseexecutor.http.CollapsePolicy.ShareUncacheable;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.http.RequestHeaders;
import io.github.collapseexecutor.http.UnsharedReason;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Which responses may be handed to callers other than the one whose call produced them, and which
 * headers a server may not copy from one response to another. {@code docs/http.md} gives the
 * source of each rule.
 *
 * <ul>
 *   <li>{@code Set-Cookie}: never shared; a cookie belongs to one client.</li>
 *   <li>{@code Vary: *}: never shared; the response may differ for any request.</li>
 *   <li>{@code Cache-Control: private}: shared only under
 *       {@link ShareUncacheable#WITHIN_CREDENTIALS} and when the request carries a credential,
 *       which the key then holds, so only callers with that credential get it.</li>
 *   <li>{@code Cache-Control: no-store}, {@code no-cache}, {@code max-age=0},
 *       {@code s-maxage=0}: shared under {@link ShareUncacheable#WITHIN_CREDENTIALS}, refused
 *       under {@link ShareUncacheable#NEVER}.</li>
 * </ul>
 */
final class SharingRules {

  private static final Set<String> HOP_BY_HOP =
      Set.of(
          "connection",
          "keep-alive",
          "proxy-authenticate",
          "proxy-authorization",
          "proxy-connection",
          "te",
          "trailer",
          "transfer-encoding",
          "upgrade");

  private SharingRules() {}

  /**
   * Returns why a response with these headers must not be shared, or {@code null} if it may.
   *
   * @param credentialed whether the request carried at least one sensitive header
   */
  static @Nullable UnsharedReason refusal(
      List<Map.Entry<String, @Nullable String>> headers,
      boolean credentialed,
      ShareUncacheable share) {
    UnsharedReason refusal = null;
    for (Map.Entry<String, @Nullable String> header : headers) {
      String name = header.getKey().toLowerCase(Locale.ROOT);
      if (name.equals("set-cookie") || name.equals("set-cookie2")) {
        return UnsharedReason.SET_COOKIE;
      }
      if (header.getValue() == null) {
        continue; // a client's header map may hold one: it is no directive
      }
      if (name.equals("vary") && header.getValue().strip().equals("*")) {
        return UnsharedReason.VARY;
      }
      if (refusal == null && name.equals("cache-control")) {
        refusal = cacheControl(header.getValue(), credentialed, share);
      }
    }
    return refusal;
  }

  private static @Nullable UnsharedReason cacheControl(
      String value, boolean credentialed, ShareUncacheable share) {
    UnsharedReason refusal = null;
    // every directive, empty ones too, which match none
    for (String directive : value.toLowerCase(Locale.ROOT).split(",", /* limit= */ -1)) {
      String token = directive.strip();
      if (token.equals("private") || token.startsWith("private=")) {
        if (share == ShareUncacheable.NEVER || !credentialed) {
          return UnsharedReason.PRIVATE;
        }
      } else if (share == ShareUncacheable.NEVER && uncacheable(token)) {
        refusal = UnsharedReason.UNCACHEABLE;
      }
    }
    return refusal;
  }

  private static boolean uncacheable(String token) {
    return token.equals("no-store")
        || token.equals("no-cache")
        || token.startsWith("no-cache=")
        || token.replace(" ", "").equals("max-age=0")
        || token.replace(" ", "").equals("s-maxage=0");
  }

  /**
   * Returns whether a server must not copy the header {@code name} to another response: the
   * hop-by-hop headers of RFC 9110 section 7.6.1, and any header the response's {@code Connection}
   * header names.
   */
  static boolean isHopByHop(String name, List<Map.Entry<String, @Nullable String>> headers) {
    String lower = name.toLowerCase(Locale.ROOT);
    if (HOP_BY_HOP.contains(lower)) {
      return true;
    }
    for (Map.Entry<String, @Nullable String> header : headers) {
      if (header.getKey().equalsIgnoreCase("connection") && header.getValue() != null) {
        // every token, empty ones too, which name no header
        for (String token : header.getValue().split(",", /* limit= */ -1)) {
          if (token.strip().equalsIgnoreCase(lower)) {
            return true;
          }
        }
      }
    }
    return false;
  }

  /** Returns whether {@code request} carries at least one of {@code sensitiveHeaders}. */
  static boolean credentialed(RequestHeaders request, Set<String> sensitiveHeaders) {
    for (String header : sensitiveHeaders) {
      if (!request.values(header).isEmpty()) {
        return true;
      }
    }
    return false;
  }

  /**
   * Returns, for each group of {@code options} in order, how its policy shares uncacheable
   * responses.
   */
  static ShareUncacheable[] byGroup(HttpCollapseOptions options) {
    List<CollapseGroup> groups = options.groups();
    ShareUncacheable[] sharing = new ShareUncacheable[groups.size()];
    for (int i = 0; i < sharing.length; i++) {
      String policy = groups.get(i).collapsePolicyName();
      // the options were built only if every group's policy was added
      sharing[i] =
          (policy == null
                  ? CollapsePolicy.DEFAULT
                  : Objects.requireNonNull(options.policies().get(policy)))
              .shareUncacheable();
    }
    return sharing;
  }
}
