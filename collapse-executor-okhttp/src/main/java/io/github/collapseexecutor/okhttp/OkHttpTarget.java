package io.github.collapseexecutor.okhttp;

import io.github.collapseexecutor.http.RequestHeaders;
import io.github.collapseexecutor.http.RequestTarget;
import java.util.AbstractList;
import java.util.List;
import java.util.StringJoiner;
import okhttp3.Cookie;
import okhttp3.Headers;
import okhttp3.HttpUrl;
import okhttp3.Interceptor;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.internal.connection.RealCall;
import org.jspecify.annotations.Nullable;

/**
 * An OkHttp call as the key sees it, built from what the request will carry when OkHttp sends it:
 * its headers, and the cookies of the client's {@code CookieJar}, which OkHttp adds after every
 * application interceptor; its identity is what else of the client decides the response
 * ({@link ClientIdentity}).
 */
final class OkHttpTarget {

  private static final String CALL_PACKAGE = "okhttp3.internal.connection";

  /**
   * Whether this module may read OkHttp's call class: on the class path always, on the module path
   * only where the application exports its package to this module (module-info.java).
   */
  private static final boolean CALLS_READABLE =
      callsReadable(OkHttpClient.class.getModule(), OkHttpTarget.class.getModule());

  private OkHttpTarget() {}

  /**
   * Returns the chain's call as a request target. It passes through when an application
   * interceptor runs after {@code self}, since it may add credentials the key cannot see, or when
   * the call is not OkHttp's own and its client is unknown.
   */
  static RequestTarget of(
      Interceptor self,
      Interceptor.Chain chain,
      @Nullable String clientName,
      @Nullable OkHttpClient namedClient) {
    Request request = chain.request();
    HttpUrl url = request.url();
    // OkHttp has no public way to the client that runs a chain, whose application and network
    // interceptors the key needs: OkHttp issue 9531 ("Make it possible for Interceptors to access
    // the list of interceptors") tracks reading them from the chain, and issue 9741 ("Interceptor
    // .Chain is missing connectionSpecs") the connection specs. Until both ship, the client comes
    // from OkHttp's own call class; a call of another Call.Factory passes through uncollapsed.
    OkHttpClient client =
        CALLS_READABLE && chain.call() instanceof RealCall call ? call.getClient() : null;
    RequestTarget.Builder target =
        RequestTarget.builder(
                request.method(), url.scheme(), url.host(), url.port(), url.encodedPath())
            .query(url.encodedQuery())
            .hasBody(request.body() != null);
    if (client == null || request.body() != null || !isLast(self, client.interceptors())) {
      return target.passThrough(true).headers(withCookies(request, List.of())).build();
    }
    ClientIdentity identity = ClientIdentity.of(client, request);
    // the name stands for the client it was given to, and tags differ per call: another client's
    // calls, and calls whose tags a later stage reads, are not the named client's on other
    // instances
    boolean named =
        clientName != null
            && namedClient != null
            && identity.tags().equals(List.of())
            && identity.equals(ClientIdentity.of(namedClient, request));
    return target
        .headers(withCookies(request, client.cookieJar().loadForRequest(url)))
        .client(identity, named ? clientName : null)
        .build();
  }

  /** Returns whether {@code okhttp} exports its call class to {@code self}; says once if not. */
  static boolean callsReadable(Module okhttp, Module self) {
    boolean readable = okhttp.isExported(CALL_PACKAGE, self);
    if (!readable) {
      System.getLogger(CollapseInterceptor.class.getName())
          .log(
              System.Logger.Level.WARNING,
              "OkHttp calls pass through uncollapsed: on the module path, OkHttp does not export "
                  + CALL_PACKAGE
                  + " to collapse-executor. Start the application with --add-exports "
                  + okhttp.getName()
                  + "/"
                  + CALL_PACKAGE
                  + "="
                  + (self.isNamed() ? self.getName() : "ALL-UNNAMED")
                  + " to collapse them.");
    }
    return readable;
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
