package io.github.collapseexecutor.spring.webflux;

import io.github.collapseexecutor.http.adapter.HeaderLists;
import io.github.collapseexecutor.http.adapter.ProducedHeaders;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpHeaders;
import org.springframework.http.ResponseCookie;
import org.springframework.http.server.reactive.ServerHttpResponse;

/**
 * What a response held before the collapsed part of its chain (the filters after the collapse
 * filter and the handler) ran: its headers and its cookies, to tell what that part produced.
 *
 * <p>Cookies the collapsed part added go in as {@code Set-Cookie} headers, which the sharing rules
 * never share: WebFlux writes them to the headers only when the response is committed.
 */
final class OuterResponse {

  private final ProducedHeaders headers;
  private final Set<String> cookies = new HashSet<>();

  private OuterResponse(ServerHttpResponse response) {
    headers = ProducedHeaders.since(headersOf(response.getHeaders()));
    response
        .getCookies()
        .forEach((name, values) -> values.forEach(cookie -> cookies.add(cookie.toString())));
  }

  /** Remembers what {@code response} holds now, before the collapsed part runs. */
  static OuterResponse since(ServerHttpResponse response) {
    return new OuterResponse(response);
  }

  /**
   * Returns the headers the collapsed part produced on {@code response}, replaced and removed,
   * with a {@code Set-Cookie} header for each cookie it added.
   */
  ProducedHeaders.Produced produced(ServerHttpResponse response) {
    ProducedHeaders.Produced produced = headers.of(headersOf(response.getHeaders()), false);
    List<Map.Entry<String, @Nullable String>> withCookies = new ArrayList<>(produced.headers());
    for (List<ResponseCookie> values : response.getCookies().values()) {
      for (ResponseCookie cookie : values) {
        if (!cookies.contains(cookie.toString())) {
          withCookies.add(HeaderLists.entry(HttpHeaders.SET_COOKIE, cookie.toString()));
        }
      }
    }
    return new ProducedHeaders.Produced(withCookies, produced.replaced(), produced.removed());
  }

  private static Map<String, List<String>> headersOf(HttpHeaders headers) {
    Map<String, List<String>> byName = new LinkedHashMap<>();
    headers.forEach(byName::put);
    return byName;
  }
}
