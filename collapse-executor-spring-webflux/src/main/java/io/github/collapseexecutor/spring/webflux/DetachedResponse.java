package io.github.collapseexecutor.spring.webflux;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.ResponseCookie;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.util.LinkedMultiValueMap;
import org.springframework.util.MultiValueMap;

/**
 * The status, headers and cookies that the chain of a leading request sets once that request
 * ended on its own (its client went away, a deadline of its own passed): a copy of what its
 * response held at that moment, which the chain goes on with for the waiting requests. What the
 * request's own end then writes on its response (the error response of a filter before the
 * collapse filter, say) never reaches the copy, and the chain never reaches that response.
 *
 * <p>A chain that took the response's headers or cookies before the copy, and sets them after,
 * sets them on the request's own response instead: {@link #missedBy} tells.
 */
final class DetachedResponse {

  private volatile @Nullable HttpStatusCode status;
  private final HttpHeaders headers = new HttpHeaders();
  private final MultiValueMap<String, ResponseCookie> cookies = new LinkedMultiValueMap<>();

  /** What the request's own response held when copied, to see whether it changed since. */
  private final @Nullable HttpStatusCode statusThen;

  private final Map<String, List<String>> then;

  private DetachedResponse(ServerHttpResponse response) {
    statusThen = response.getStatusCode();
    status = statusThen;
    response.getHeaders().forEach((name, values) -> headers.put(name, new ArrayList<>(values)));
    response.getCookies().forEach((name, values) -> cookies.put(name, new ArrayList<>(values)));
    then = state(response);
  }

  /** Copies what {@code response} holds now. */
  static DetachedResponse of(ServerHttpResponse response) {
    return new DetachedResponse(response);
  }

  @Nullable HttpStatusCode status() {
    return status;
  }

  void status(@Nullable HttpStatusCode status) {
    this.status = status;
  }

  HttpHeaders headers() {
    return headers;
  }

  MultiValueMap<String, ResponseCookie> cookies() {
    return cookies;
  }

  /**
   * Returns whether the copy may lack something of the chain: {@code response}, the request's own,
   * is not committed (no response of the request's own end was written), yet its status, headers
   * or cookies changed since the copy; nothing but the chain, through a reference it took before,
   * writes on it then.
   */
  boolean missedBy(ServerHttpResponse response) {
    return !response.isCommitted()
        && (!Objects.equals(statusThen, response.getStatusCode()) || !then.equals(state(response)));
  }

  /** Returns the headers and cookies of {@code response}, as values that compare. */
  private static Map<String, List<String>> state(ServerHttpResponse response) {
    Map<String, List<String>> state = new LinkedHashMap<>();
    response.getHeaders().forEach((name, values) -> state.put(name, List.copyOf(values)));
    response
        .getCookies()
        .forEach(
            (name, values) ->
                state.put(
                    "cookie " + name, values.stream().map(ResponseCookie::toString).toList()));
    return state;
  }
}
