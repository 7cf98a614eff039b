package io.github.collapseexecutor.okhttp;

import io.github.collapseexecutor.http.CollapseKey;
import io.github.collapseexecutor.http.CollapseRules;
import io.github.collapseexecutor.http.RequestHeaders;
import java.util.AbstractList;
import java.util.List;
import java.util.StringJoiner;
import okhttp3.Authenticator;
import okhttp3.Cookie;
import okhttp3.Headers;
import okhttp3.HttpUrl;
import okhttp3.Interceptor;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.internal.connection.RealCall;
import org.jspecify.annotations.Nullable;

/**
 * The key of an OkHttp call, built from what the request will carry when OkHttp sends it: its
 * headers, and the cookies of the client's {@code CookieJar}, which OkHttp adds after every
 * application interceptor. What the client may still add and the key cannot read (its
 * authenticators' answers to a challenge, its network interceptors' headers) joins the key by
 * identity, so calls of clients that differ in those never share; and since those stages may make
 * what they add from the request's tags, the tags join the key too when the client has any of
 * them. So does what decides the connection ({@link ConnectionIdentity}): a client certificate
 * or a proxy picks the response as surely as a header does; and what decides the response past
 * the connection ({@link ResponsePolicy}): whether redirects are followed, the cookies of the
 * hops, the cache.
 *
 * @param key the key, or {@code null} if the call must not collapse
 * @param headers the request headers with the cookie jar's cookies in {@code Cookie}
 */
record KeyedCall(@Nullable CollapseKey key, RequestHeaders headers) {

  /**
   * Returns the key of the chain's call. It is {@code null} (the call passes through) when an
   * application interceptor runs after {@code self}, since it may add credentials the key cannot
   * see, when the call is not OkHttp's own and its client is unknown, or when it has a body.
   */
  static KeyedCall of(CollapseRules rules, Interceptor self, Interceptor.Chain chain) {
    Request request = chain.request();
    // OkHttp has no public way to the client that runs a chain, whose application and network
    // interceptors the key needs: OkHttp issue 9531 ("Make it possible for Interceptors to access
    // the list of interceptors") tracks reading them from the chain, and issue 9741 ("Interceptor
    // .Chain is missing connectionSpecs") the connection specs. Until both ship, the client comes
    // from OkHttp's own call class; a call of another Call.Factory passes through uncollapsed.
    OkHttpClient client = chain.call() instanceof RealCall call ? call.getClient() : null;
    if (client == null || request.body() != null || !isLast(self, client.interceptors())) {
      return new KeyedCall(null, withCookies(request, List.of()));
    }
    HttpUrl url = request.url();
    RequestHeaders headers = withCookies(request, client.cookieJar().loadForRequest(url));
    // identities: an authenticator or a network interceptor has no equality of its own; the
    // connection and the response policy compare their parts themselves
    List<Object> laterStages = List.of(client.authenticator(), client.proxyAuthenticator(),
        client.networkInterceptors(), tagsSeenLater(client, request),
        ConnectionIdentity.of(client, request.isHttps()), ResponsePolicy.of(client));
    return new KeyedCall(rules.keyFor(request.method(), url.scheme(), url.host(), url.port(),
        url.encodedPath(), url.encodedPath(), url.encodedQuery(), headers, laterStages), headers);
  }

  /**
   * Returns the request's tags if a stage after the application interceptors may read them (a
   * network interceptor, an authenticator), or else an empty list. OkHttp keeps them in a chain
   * without equality, reached only through the accessor of its Kotlin internal property: its
   * identity, which {@code newBuilder()} passes on unless a tag is added, joins the key, so a call
   * to which a tag was added per call (Retrofit's {@code Invocation}) shares with no other.
   *
   * <p>The accessor is Kotlin-internal because OkHttp took the tags out of its public API (OkHttp
   * pull request 7114, "Remove Request.tags from our public API"), and {@code Request.tag(Class)}
   * reads only a tag whose type is known; no open OkHttp issue asks for them back. Without them a
   * tag a network interceptor or an authenticator reads could not tell two calls apart.
   */
  private static Object tagsSeenLater(OkHttpClient client, Request request) {
    boolean seen = !client.networkInterceptors().isEmpty()
        || client.authenticator() != Authenticator.NONE
        || client.proxyAuthenticator() != Authenticator.NONE;
    return seen ? request.getTags$okhttp() : List.of();
  }

  private static boolean isLast(Interceptor self, List<Interceptor> interceptors) {
    return !interceptors.isEmpty() && interceptors.get(interceptors.size() - 1) == self;
  }

  private static RequestHeaders withCookies(Request request, List<Cookie> cookies) {
    RequestHeaders headers = RequestHeaders.of(request::headers, () -> names(request.headers()));
    if (cookies.isEmpty()) {
      return headers;
    }
    StringJoiner cookieHeader = new StringJoiner("; ");
    cookies.forEach(cookie -> cookieHeader.add(cookie.name() + "=" + cookie.value()));
    return headers.withCookies(cookieHeader.toString());
  }

  /** The names in order, a name once per value; {@code Headers.names()} builds a sorted set. */
  private static List<String> names(Headers headers) {
    return new AbstractList<>() {
      @Override
      public String get(int index) {
        return headers.name(index);
      }

      @Override
      public int size() {
        return headers.size();
      }
    };
  }
}
