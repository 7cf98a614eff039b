package io.github.collapseexecutor.jdk.httpclient;

import io.github.collapseexecutor.http.CollapseKey;
import io.github.collapseexecutor.http.CollapseRules;
import io.github.collapseexecutor.http.RequestHeaders;
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
 * @param key the key, or {@code null} if the request must not collapse
 * @param headers the request headers with the cookie handler's cookies in {@code Cookie}
 * @param outgoing the request to send: without its timeout when it has a key and no body, since
 *     its call may serve other callers, whose own timeouts are timed apart ({@link Deadline})
 */
record KeyedRequest(@Nullable CollapseKey key, RequestHeaders headers, HttpRequest outgoing) {

  static KeyedRequest of(CollapseRules rules, HttpClient client, HttpRequest request,
      boolean authenticatorSharedAcrossCallers) {
    RequestHeaders headers = RequestHeaders.of(
        name -> List.copyOf(request.headers().allValues(name)),
        () -> request.headers().map().keySet());
    if (client.authenticator().isPresent() && !authenticatorSharedAcrossCallers) {
      return new KeyedRequest(null, headers, request);
    }
    try {
      headers = withCookies(headers, client, request);
    } catch (IOException unreadable) {
      // the client meets the same failure when it sends the request, and reports it then
      return new KeyedRequest(null, headers, request);
    }
    HttpClient.Version version = request.version().orElse(client.version());
    CollapseKey key = rules.keyFor(request.method(), request.uri(), headers,
        List.of(version, request.expectContinue()));
    boolean collapsible = key != null && !hasBody(request);
    return new KeyedRequest(key, headers, collapsible ? untimed(request) : request);
  }

  /** Returns whether {@code request} carries a body: a publisher that is not known empty. */
  static boolean hasBody(HttpRequest request) {
    return request.bodyPublisher().map(body -> body.contentLength() != 0).orElse(false);
  }

  private static RequestHeaders withCookies(RequestHeaders headers, HttpClient client,
      HttpRequest request) throws IOException {
    CookieHandler cookies = client.cookieHandler().orElse(null);
    if (cookies == null) {
      return headers;
    }
    Map<String, List<String>> added = cookies.get(request.uri(), request.headers().map());
    StringJoiner cookieHeader = new StringJoiner("; ");
    added.forEach((name, values) -> {
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
    HttpRequest.Builder copy = HttpRequest.newBuilder(request.uri())
        .method(request.method(),
            request.bodyPublisher().orElse(HttpRequest.BodyPublishers.noBody()))
        .expectContinue(request.expectContinue());
    request.version().ifPresent(copy::version);
    request.headers().map().forEach((name, values) -> values.forEach(
        value -> copy.header(name, value)));
    return copy.build();
  }
}
