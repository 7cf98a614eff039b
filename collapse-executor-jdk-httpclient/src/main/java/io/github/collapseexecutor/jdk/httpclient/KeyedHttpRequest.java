package io.github.collapseexecutor.jdk.httpclient;

import io.github.collapseexecutor.http.CollapseRules;
import io.github.collapseexecutor.http.RequestHeaders;
import io.github.collapseexecutor.http.RequestTarget;
import java.io.IOException;
import java.net.CookieHandler;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import org.jspecify.annotations.Nullable;

/**
 * The key of a request of the JDK's client, built from what the request will carry when the
 * client sends it: its method, URI and headers, the cookies the client's {@code CookieHandler}
 * adds, the HTTP version it asks for, and whether it expects {@code 100-continue} (the client adds
 * that {@code Expect} header itself, outside the request's headers). What else the client could
 * put in (its authenticator's answer to a challenge) keeps the request out of collapse unless the
 * application declared that it answers every caller alike. The rest of the client's set-up (TLS,
 * proxy) is that of the one client a {@link CollapsingHttpClient} wraps, alike for all its
 * callers.
 *
 * @param target the request as the key sees it, its headers with the cookie handler's cookies in
 *     {@code Cookie}
 * @param outgoing the request to send: without its timeout when it may collapse, since its call
 *     may serve other callers, whose own timeouts are timed apart ({@link Deadline})
 */
record KeyedHttpRequest(RequestTarget target, HttpRequest outgoing) {

  /**
   * @param self the collapsing client, which stands for the one client it wraps in the key
   * @param clientName its name, the same on every instance, or {@code null}
   */
  static KeyedHttpRequest of(
      CollapseRules rules,
      HttpClient client,
      HttpRequest request,
      boolean authenticatorSharedAcrossCallers,
      Object self,
      @Nullable String clientName) {
    RequestHeaders headers =
        RequestHeaders.of(
            name -> List.copyOf(request.headers().allValues(name)),
            () -> request.headers().map().keySet());
    HttpClient.Version version = request.version().orElse(client.version());
    RequestTarget.Builder target =
        RequestTarget.builder(request.method(), request.uri())
            .hasBody(hasBody(request))
            .client(self, clientName)
            .identity(List.of(version, request.expectContinue()));
    if (client.authenticator().isPresent() && !authenticatorSharedAcrossCallers) {
      return new KeyedHttpRequest(target.headers(headers).passThrough(true).build(), request);
    }
    try {
      headers = withCookies(headers, client, request);
    } catch (IOException unreadable) {
      // the client meets the same failure when it sends the request, and reports it then
      return new KeyedHttpRequest(target.headers(headers).passThrough(true).build(), request);
    }
    RequestTarget keyed = target.headers(headers).build();
    boolean collapsible = rules.keyFor(keyed) != null && !keyed.hasBody();
    return new KeyedHttpRequest(keyed, collapsible ? untimed(request) : request);
  }

  /** Returns whether {@code request} carries a body: a publisher that is not known empty. */
  private static boolean hasBody(HttpRequest request) {
    return request.bodyPublisher().map(body -> body.contentLength() != 0).orElse(false);
  }

  private static RequestHeaders withCookies(
      RequestHeaders headers, HttpClient client, HttpRequest request) throws IOException {
    CookieHandler cookies = client.cookieHandler().orElse(null);
    if (cookies == null) {
      return headers;
    }
    Map<String, List<String>> added = cookies.get(request.uri(), request.headers().map());
    StringJoiner cookieHeader = new StringJoiner("; ");
    added.forEach(
        (name, values) -> {
          if (name.equalsIgnoreCase(RequestHeaders.COOKIE)) {
            values.forEach(cookieHeader::add);
          }
        });
    return cookieHeader.length() == 0 ? headers : headers.withCookies(cookieHeader.toString());
  }

  /** Returns a copy of {@code request} without its timeout, or {@code request} if it has none. */
  private static HttpRequest untimed(HttpRequest request) {
    if (request.timeout().isEmpty()) {
      return request;
    }
    HttpRequest.Builder copy =
        HttpRequest.newBuilder(request.uri())
            .method(
                request.method(),
                request.bodyPublisher().orElse(HttpRequest.BodyPublishers.noBody()))
            .expectContinue(request.expectContinue());
    request.version().ifPresent(copy::version);
    request
        .headers()
        .map()
        .forEach((name, values) -> values.forEach(value -> copy.header(name, value)));
    return copy.build();
  }
}
