package io.github.collapseexecutor.okhttp;

import java.net.Proxy;
import java.net.ProxySelector;
import java.util.List;
import java.util.Objects;
import javax.net.SocketFactory;
import javax.net.ssl.HostnameVerifier;
import javax.net.ssl.SSLSocketFactory;
import javax.net.ssl.X509TrustManager;
import okhttp3.Authenticator;
import okhttp3.Cache;
import okhttp3.CertificatePinner;
import okhttp3.ConnectionSpec;
import okhttp3.CookieJar;
import okhttp3.Dns;
import okhttp3.Interceptor;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import org.jspecify.annotations.Nullable;

/**
 * What of an {@code OkHttpClient} decides a call's response besides the request's headers: the
 * key's identity ({@code RequestTarget.identity}).
 *
 * <ul>
 *   <li>What adds to the request after the application interceptors and the key cannot read: the
 *       authenticators' answers to a challenge, the network interceptors' headers, and the
 *       request's tags, from which those stages may make what they add
 *       ({@link #tagsSeenLater}).</li>
 *   <li>What decides the connection, and so whom the server sees and which server answers: the
 *       route (socket factory, proxy, proxy selector, DNS), the connection specs, and for an
 *       https call the TLS settings, whose SSL socket factory holds the client certificate a
 *       server that authenticates clients by certificate answers per.</li>
 *   <li>What decides the response past the connection: whether the client follows redirects, and
 *       from http to https and back (one that does not gets the redirect itself, as a guard
 *       against server-side request forgery that checks each {@code Location} may rely on); the
 *       cookie jar, when it follows them, since it adds cookies to each hop whose URL the key
 *       cannot know beforehand; and the cache, which may answer with a stored response.</li>
 * </ul>
 *
 * <p>The connection's parts compare by identity, as they mostly have no equality of their own,
 * and the few that do ({@code CertificatePinner}) would cost a walk over every trusted certificate
 * per call; the rest by their own {@code equals}, which OkHttp's classes leave to identity, and
 * the redirect policy by value. A client made with {@code newBuilder()} keeps the instances, and
 * so shares, unless one of them is replaced. Two clients built apart seldom share an https call:
 * OkHttp makes each client's default SSL socket factory and certificate pinner anew.
 */
record ClientIdentity(
    Authenticator authenticator,
    Authenticator proxyAuthenticator,
    List<Interceptor> networkInterceptors,
    Object tags,
    boolean followRedirects,
    boolean followSslRedirects,
    @Nullable CookieJar redirectCookieJar,
    @Nullable Cache cache,
    SocketFactory socketFactory,
    @Nullable Proxy proxy,
    ProxySelector proxySelector,
    Dns dns,
    List<ConnectionSpec> connectionSpecs,
    @Nullable SSLSocketFactory sslSocketFactory,
    @Nullable X509TrustManager trustManager,
    @Nullable HostnameVerifier hostnameVerifier,
    @Nullable CertificatePinner certificatePinner) {

  /** Returns what decides the response of {@code request}, a call of {@code client}. */
  static ClientIdentity of(OkHttpClient client, Request request) {
    boolean follow = client.followRedirects();
    // sslSocketFactory() throws for a cleartext-only client, which has no trust manager either
    boolean tls = request.isHttps() && client.x509TrustManager() != null;
    return new ClientIdentity(
        client.authenticator(),
        client.proxyAuthenticator(),
        client.networkInterceptors(),
        tagsSeenLater(client, request),
        follow,
        client.followSslRedirects(),
        follow ? client.cookieJar() : null,
        client.cache(),
        client.socketFactory(),
        client.proxy(),
        client.proxySelector(),
        client.dns(),
        client.connectionSpecs(),
        tls ? client.sslSocketFactory() : null,
        tls ? client.x509TrustManager() : null,
        tls ? client.hostnameVerifier() : null,
        tls ? client.certificatePinner() : null);
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
    boolean seen =
        !client.networkInterceptors().isEmpty()
            || client.authenticator() != Authenticator.NONE
            || client.proxyAuthenticator() != Authenticator.NONE;
    return seen ? request.getTags$okhttp() : List.of();
  }

  @Override
  @SuppressWarnings("ReferenceEquality") // the connection's parts by identity: see the class doc
  public boolean equals(@Nullable Object other) {
    return other instanceof ClientIdentity that
        && authenticator.equals(that.authenticator)
        && proxyAuthenticator.equals(that.proxyAuthenticator)
        && networkInterceptors.equals(that.networkInterceptors)
        && tags.equals(that.tags)
        && followRedirects == that.followRedirects
        && followSslRedirects == that.followSslRedirects
        && Objects.equals(redirectCookieJar, that.redirectCookieJar)
        && Objects.equals(cache, that.cache)
        && socketFactory == that.socketFactory
        && proxy == that.proxy
        && proxySelector == that.proxySelector
        && dns == that.dns
        && connectionSpecs == that.connectionSpecs
        && sslSocketFactory == that.sslSocketFactory
        && trustManager == that.trustManager
        && hostnameVerifier == that.hostnameVerifier
        && certificatePinner == that.certificatePinner;
  }

  @Override
  public int hashCode() {
    // the SSL socket factory tells most clients apart; the rest are mostly shared singletons
    return 31 * System.identityHashCode(sslSocketFactory) + System.identityHashCode(proxy);
  }
}
