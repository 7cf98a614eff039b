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
 * What the collapsed part of a chain (the filters after the collapse filter and the handler) put
 * on the response of the request that ran it, which a replay puts on a waiting request's.
 *
 * <p>Cookies the collapsed part added go in as {@code Set-Cookie} headers, which the sharing rules
 * never share: WebFlux writes them to the headers only when the response is committed.
 *
 * @param headers the headers it produced, replaced and removed ({@link ProducedHeaders})
 * @param pathPattern the pattern of the route its handler matched, which Spring's server
 *     observation records as the {@code uri}; a replay gives it to the waiting request's
 *     observation, whose own handler mapping did not run
 * @param error the exception the application noted on Spring's server observation of the
 *     request (having answered it itself), recorded as the {@code exception} key; a replay gives
 *     it to the waiting request's observation too
 * @param inPieces whether it wrote its body as a stream of buffers (a {@code Flux}), which the
 *     server sends in chunks unless the chain gave a {@code Content-Length}, rather than as one
 *     buffer (a {@code Mono}), whose length the server counts: a replay writes the body the same
 *     way, so that the server frames it the same way
 */
record ProducedResponse(ProducedHeaders.Produced headers, @Nullable String pathPattern,
    @Nullable Throwable error, boolean inPieces) {

  /** Remembers what {@code response} holds now, before the collapsed part runs. */
  static Outer since(ServerHttpResponse response) {
    return new Outer(response);
  }

  /** What a response held before the collapsed part ran: its headers and its cookies. */
  static final class Outer {

    private final ProducedHeaders headers;
    private final Set<String> cookies = new HashSet<>();

    private Outer(ServerHttpResponse response) {
      headers = ProducedHeaders.since(headersOf(response.getHeaders()));
      response.getCookies().forEach((name, values) ->
          values.forEach(cookie -> cookies.add(cookie.toString())));
    }

    /**
     * Returns what the collapsed part produced on {@code response}, under {@code pathPattern}
     * and with {@code error} noted, having written its body {@code inPieces} or not.
     */
    ProducedResponse of(ServerHttpResponse response, @Nullable String pathPattern,
        @Nullable Throwable error, boolean inPieces) {
      ProducedHeaders.Produced produced = headers.of(headersOf(response.getHeaders()), false);
      List<Map.Entry<String, @Nullable String>> withCookies = new ArrayList<>(produced.headers());
      for (List<ResponseCookie> values : response.getCookies().values()) {
        for (ResponseCookie cookie : values) {
          if (!cookies.contains(cookie.toString())) {
            withCookies.add(HeaderLists.entry(HttpHeaders.SET_COOKIE, cookie.toString()));
          }
        }
      }
      return new ProducedResponse(
          new ProducedHeaders.Produced(withCookies, produced.replaced(), produced.removed()),
          pathPattern, error, inPieces);
    }

    private static Map<String, List<String>> headersOf(HttpHeaders headers) {
      Map<String, List<String>> byName = new LinkedHashMap<>();
      headers.forEach(byName::put);
      return byName;
    }
  }
}
