package io.github.collapseexecutor.spring.webflux;

import java.util.ArrayList;
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
 */
final class DetachedResponse {

  private volatile @Nullable HttpStatusCode status;
  private final HttpHeaders headers = new HttpHeaders();
  private final MultiValueMap<String, ResponseCookie> cookies = new LinkedMultiValueMap<>();

  private DetachedResponse(ServerHttpResponse response) {
    status = response.getStatusCode();
    response.getHeaders().forEach((name, values) -> headers.put(name, new ArrayList<>(values)));
    response.getCookies().forEach((name, values) -> cookies.put(name, new ArrayList<>(values)));
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
}
