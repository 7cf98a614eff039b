package io.github.collapseexecutor.http;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * Decides whether a request may collapse and, if so, builds its {@link CollapseKey}, following the
 * groups and policies of {@link HttpCollapseOptions}. Thread-safe; the adapters build one each.
 *
 * <p>A request may collapse only if its method is exactly {@code GET} or {@code HEAD}, it has a
 * scheme, a host and a path, and its path matches a {@link CollapseGroup}. Besides the group's
 * policy, the key always holds the sensitive headers (listed by name, or named by a pattern),
 * {@link HttpCollapseOptions#AUTHORITY_HEADERS},
 * {@link HttpCollapseOptions#REPRESENTATION_HEADERS}, and
 * {@link HttpCollapseOptions#NEGOTIATION_HEADERS} unless the policy leaves them out. A policy
 * that lists the query parameters that count never leaves out one that carries a credential: the
 * query parameters that {@link SensitiveHeaders} names stay in the key.
 */
public final class CollapseRules {

  private final List<CompiledGroup> groups = new ArrayList<>();
  private final HeaderNames headerNames;
  private final HeaderNames queryNames;

  /** Compiles the groups of {@code options}. */
  public CollapseRules(HttpCollapseOptions options) {
    SensitiveHeaders sensitive = options.sensitiveHeaderSettings();
    this.headerNames = new HeaderNames(sensitive::isSensitive);
    this.queryNames = new HeaderNames(sensitive::isSensitiveParameter);
    for (CollapseGroup group : options.groups()) {
      List<Predicate<String>> patterns = new ArrayList<>();
      group.uris().forEach(uri -> patterns.add(RoutePattern.parse(uri)::matches));
      group.uriRegexes().forEach(regex -> patterns.add(Pattern.compile(regex).asMatchPredicate()));
      CollapsePolicy policy =
          group.collapsePolicyName() == null
              ? CollapsePolicy.DEFAULT
              // the options were built only if every group's policy was added
              : Objects.requireNonNull(options.policies().get(group.collapsePolicyName()));
      TreeSet<String> keyHeaders = new TreeSet<>(options.sensitiveHeaders());
      keyHeaders.addAll(HttpCollapseOptions.AUTHORITY_HEADERS);
      keyHeaders.addAll(HttpCollapseOptions.REPRESENTATION_HEADERS);
      if (policy.acceptHeadersInKey()) {
        keyHeaders.addAll(HttpCollapseOptions.NEGOTIATION_HEADERS);
      }
      keyHeaders.addAll(policy.collapseRequestHeaders());
      groups.add(new CompiledGroup(groups.size(), patterns, policy, slots(keyHeaders)));
    }
  }

  /**
   * Returns the key of {@code request}, or {@code null} if it must not collapse: its method is not
   * exactly GET or HEAD, it lacks a scheme, a host or a path, no group takes its path, or its
   * adapter keeps it out ({@link RequestTarget#passThrough()}). Whether it carries a body is the
   * collapser's to decide, not the key's.
   */
  public @Nullable CollapseKey keyFor(RequestTarget request) {
    RequestTarget.KeyMemo memo = request.keyMemo();
    if (memo != null && memo.rules() == this) {
      return memo.key();
    }
    CollapseKey key = buildKey(request);
    request.keyMemo(new RequestTarget.KeyMemo(this, key));
    return key;
  }

  private @Nullable CollapseKey buildKey(RequestTarget request) {
    if (request.passThrough()) {
      return null;
    }
    String method = request.method();
    String scheme = request.scheme();
    String host = request.host();
    String rawPath = request.rawPath();
    String matchPath = request.matchPath();
    String rawQuery = request.rawQuery();
    RequestHeaders headers = request.headers();
    int port = request.port();
    if (!"GET".equals(method) && !"HEAD".equals(method)) {
      return null;
    }
    if (scheme == null || host == null || host.isEmpty() || rawPath == null || matchPath == null) {
      return null;
    }
    CompiledGroup group = match(matchPath);
    if (group == null) {
      return null;
    }
    String lowerScheme = scheme.toLowerCase(Locale.ROOT);
    String target =
        method
            + " "
            + lowerScheme
            + "://"
            + host.toLowerCase(Locale.ROOT)
            + ":"
            + effectivePort(lowerScheme, port)
            + rawPath;
    Object query =
        group.policy.allQueriesCount()
            ? (rawQuery == null ? "" : "?" + rawQuery)
            : namedQueries(group.policy.collapseRequestQueries(), rawQuery);
    // the group fixes the header names and their order, so the values alone tell keys apart
    List<@Nullable String>[] keyHeaders = group.noHeaders();
    Map<String, List<@Nullable String>> namedBySensitivePattern = Map.of();
    // one pass over the names the request holds: the usual request holds ten or so, the group
    // names about twenty, most of them absent
    for (String sent : headers.names()) {
      HeaderNames.Name name = headerNames.of(sent);
      Integer slot = group.slots.get(name.lower());
      if (slot != null) {
        keyHeaders[slot] = copyOf(headers.values(name.lower()));
      } else if (holdsByPattern(group, name)) {
        if (namedBySensitivePattern.isEmpty()) {
          namedBySensitivePattern = new TreeMap<>();
        }
        namedBySensitivePattern.put(name.lower(), copyOf(headers.values(name.lower())));
      }
    }
    CollapseKey.Context context =
        group.policy.sharedAcrossAddresses()
            ? request.context().acrossAddresses()
            : request.context();
    return new CollapseKey(
        target, query, Arrays.asList(keyHeaders), namedBySensitivePattern, context, group.index);
  }

  /**
   * Returns whether {@code key} holds the values of the request header {@code lowerName}, so that
   * requests with equal keys sent equal values of it.
   */
  public boolean keyHolds(CollapseKey key, String lowerName) {
    return groups.get(key.group()).slots.containsKey(lowerName)
        || holdsByPattern(groups.get(key.group()), headerNames.of(lowerName));
  }

  /** Returns whether a group's key holds a header for a sensitive fragment of its name. */
  private static boolean holdsByPattern(CompiledGroup group, HeaderNames.Name name) {
    return name.sensitive() && !(name.address() && group.policy.sharedAcrossAddresses());
  }

  /** Numbers the key headers of a group in their order. */
  private static Map<String, Integer> slots(SortedSet<String> keyHeaders) {
    Map<String, Integer> slots = new HashMap<>();
    for (String name : keyHeaders) {
      slots.put(name, slots.size());
    }
    return Map.copyOf(slots);
  }

  /** A copy, because a client's header map may still change after the key is built. */
  private static List<@Nullable String> copyOf(List<@Nullable String> values) {
    // not List.copyOf: a client's header map may hold a null value, which must not fail the call
    return values.isEmpty() ? List.of() : new ArrayList<>(values);
  }

  /**
   * Returns the index of the first group whose patterns take {@code matchPath} (the path as the
   * groups match it: without a servlet's context path), as {@link CollapseKey#group()} numbers
   * groups, or -1 if no group takes it. Whatever the method: a write's path is matched too.
   */
  public int groupOf(String matchPath) {
    CompiledGroup group = match(Objects.requireNonNull(matchPath, "matchPath"));
    return group == null ? -1 : group.index;
  }

  /**
   * Returns the index of the first group whose patterns take the path of {@code request},
   * whatever its method, or -1 if no group takes it or it has no path; see
   * {@link #groupOf(String)}.
   */
  public int groupOf(RequestTarget request) {
    String matchPath = request.matchPath();
    return matchPath == null ? -1 : groupOf(matchPath);
  }

  private @Nullable CompiledGroup match(String path) {
    for (CompiledGroup group : groups) {
      for (Predicate<String> pattern : group.patterns) {
        if (pattern.test(path)) {
          return group;
        }
      }
    }
    return null;
  }

  private static int effectivePort(String scheme, int port) {
    if (port >= 0) {
      return port;
    }
    return switch (scheme) {
      case "http", "ws" -> 80;
      case "https", "wss" -> 443;
      default -> -1;
    };
  }

  /**
   * Returns what the query of a group that lists its parameters adds to the key: the values of
   * the listed parameters, by name, and every parameter whose name is a credential's
   * ({@link SensitiveHeaders#isSensitiveParameter(String)}), as sent and in the order sent, so
   * that callers with different credentials in the query never share.
   */
  private Object namedQueries(List<String> names, @Nullable String rawQuery) {
    List<List<@Nullable String>> values = new ArrayList<>(names.size());
    names.forEach(name -> values.add(new ArrayList<>()));
    List<String> credentials = new ArrayList<>(0);
    if (rawQuery != null) {
      for (String pair : rawQuery.split("&", -1)) {
        int eq = pair.indexOf('=');
        String name = decode(eq < 0 ? pair : pair.substring(0, eq));
        int index = names.indexOf(name);
        if (index >= 0) {
          values.get(index).add(eq < 0 ? null : pair.substring(eq + 1));
        }
        if (queryNames.of(name).sensitive()) {
          credentials.add(pair);
        }
      }
    }
    return List.of(values, credentials);
  }

  private static String decode(String raw) {
    try {
      return URLDecoder.decode(raw, StandardCharsets.UTF_8);
    } catch (IllegalArgumentException malformed) {
      // a malformed escape is kept as sent: it then matches no configured name
      return raw;
    }
  }

  /**
   * @param slots the position in the key of each header that joins it, by lower-case name
   */
  private record CompiledGroup(
      int index,
      List<Predicate<String>> patterns,
      CollapsePolicy policy,
      Map<String, Integer> slots) {

    /** Returns the key headers of a request that sends none of them, for the request to fill. */
    @SuppressWarnings({"unchecked", "rawtypes"}) // an array of lists, as Arrays.asList wants
    List<@Nullable String>[] noHeaders() {
      List<@Nullable String>[] none = new List[slots.size()];
      Arrays.fill(none, List.of());
      return none;
    }
  }
}
