package io.github.collapseexecutor.spring.webflux;

import io.github.collapseexecutor.http.adapter.HeaderLists;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpHeaders;
import org.springframework.http.ResponseCookie;
import org.springframework.http.server.reactive.ServerHttpResponse;

/**
 * The headers that the collapsed part of a chain (the filters after the collapse filter and the
 * handler) put on the response of the request that ran it: what the response holds when it is
 * recorded, less what the filters before the collapse filter had already set on it. Those filters
 * run for every request, the waiting ones too, and set their own values on each request's
 * response; a replay must not give a waiting request a second, wrong value of them.
 *
 * <p>Cookies the collapsed part added go in as {@code Set-Cookie} headers, which the sharing
 * rules never share: WebFlux writes them to the headers only when the response is committed.
 */
final class ProducedHeaders {

  private final Map<String, List<String>> before = new HashMap<>();
  private final Set<String> cookiesBefore = new HashSet<>();

  private ProducedHeaders(ServerHttpResponse response) {
    response.getHeaders().forEach((name, values) -> before.put(lower(name), List.copyOf(values)));
    response.getCookies().forEach((name, cookies) ->
        cookies.forEach(cookie -> cookiesBefore.add(cookie.toString())));
  }

  /** Remembers the headers {@code response} holds now, before the collapsed part runs. */
  static ProducedHeaders since(ServerHttpResponse response) {
    return new ProducedHeaders(response);
  }

  /**
   * Returns the headers the collapsed part produced on {@code response}: a header the filters
   * before had set and it left alone is not among them; one to which it added values gives only
   * the added values; one whose values it replaced gives all of them, and its name is among the
   * {@link Produced#replaced()} ones; one it removed is among the {@link Produced#removed()} ones.
   * {@code pathPattern} is the pattern of the route the collapsed part matched, if any.
   */
  Produced of(ServerHttpResponse response, @Nullable String pathPattern) {
    List<Map.Entry<String, @Nullable String>> headers = new ArrayList<>();
    Set<String> replaced = new HashSet<>();
    Set<String> removed = new HashSet<>(before.keySet());
    HttpHeaders now = response.getHeaders();
    now.forEach((name, values) -> {
      removed.remove(lower(name));
      List<String> earlier = before.getOrDefault(lower(name), List.of());
      if (values.equals(earlier)) {
        return;
      }
      List<String> added = values;
      if (values.size() >= earlier.size() && values.subList(0, earlier.size()).equals(earlier)) {
        added = values.subList(earlier.size(), values.size());
      } else {
        replaced.add(lower(name));
      }
      added.forEach(value -> headers.add(HeaderLists.entry(name, value)));
    });
    for (List<ResponseCookie> cookies : response.getCookies().values()) {
      for (ResponseCookie cookie : cookies) {
        if (!cookiesBefore.contains(cookie.toString())) {
          headers.add(HeaderLists.entry(HttpHeaders.SET_COOKIE, cookie.toString()));
        }
      }
    }
    return new Produced(headers, Set.copyOf(replaced), Set.copyOf(removed), pathPattern);
  }

  /**
   * What the collapsed part produced, and what it cleared of what the filters before had set.
   *
   * @param headers the headers, in order, names as the response gives them
   * @param replaced the lower-case names whose values it set over values of the filters before:
   *     a replay sets these, replacing the waiting request's own, and adds the others
   * @param removed the lower-case names of headers the filters before had set and it removed: a
   *     replay removes the waiting request's own
   * @param pathPattern the pattern of the route its handler matched, which Spring's server
   *     observation records as the {@code uri}; a replay gives it to the waiting request's
   *     observation, whose own handler mapping did not run
   */
  record Produced(List<Map.Entry<String, @Nullable String>> headers, Set<String> replaced,
      Set<String> removed, @Nullable String pathPattern) {}

  private static String lower(String name) {
    return name.toLowerCase(Locale.ROOT);
  }
}
