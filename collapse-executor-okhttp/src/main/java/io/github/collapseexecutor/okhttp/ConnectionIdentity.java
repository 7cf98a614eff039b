package io.github.collapseexecutor.okhttp;

import java.net.Proxy;
import java.net.ProxySelector;
import java.util.List;
import javax.net.SocketFactory;
import javax.net.ssl.HostnameVerifier;
import javax.net.ssl.SSLSocketFactory;
import javax.net.ssl.X509TrustManager;
import okhttp3.CertificatePinner;
import okhttp3.ConnectionSpec;
import okhttp3.Dns;
import okhttp3.OkHttpClient;
import org.jspecify.annotations.Nullable;

/**
 * What of an {@code OkHttpClient} decides the connection a call goes out on, and so whom the
 * server sees and which server answers: the route (socket factory, proxy, proxy selector, DNS),
 * the connection specs (whether cleartext is allowed, which TLS versions and cipher suites) and,
 * for an https call, the TLS settings, whose SSL socket factory holds the client certificate a
 * server that authenticates clients by certificate answers per.
 *
 * <p>Compared by identity, as these objects mostly have no equality of their own, and the few that
 * do ({@code CertificatePinner}) would cost a walk over every trusted certificate per call. A
 * client made with {@code newBuilder()} keeps the instances, and so shares, unless one of them is
 * replaced. Two clients built apart seldom share an https call: OkHttp makes each client's default
 * SSL socket factory and certificate pinner anew.
 */
record ConnectionIdentity(SocketFactory socketFactory, @Nullable Proxy proxy,
    ProxySelector proxySelector, Dns dns, List<ConnectionSpec> connectionSpecs,
    @Nullable SSLSocketFactory sslSocketFactory,
    @Nullable X509TrustManager trustManager, @Nullable HostnameVerifier hostnameVerifier,
    @Nullable CertificatePinner certificatePinner) {

  /** Returns what decides the connection of a call of {@code client}, https or not. */
  static ConnectionIdentity of(OkHttpClient client, boolean https) {
    // sslSocketFactory() throws for a cleartext-only client, which has no trust manager either
    boolean tls = https && client.x509TrustManager() != null;
    return new ConnectionIdentity(client.socketFactory(), client.proxy(), client.proxySelector(),
        client.dns(), client.connectionSpecs(),
        tls ? client.sslSocketFactory() : null, tls ? client.x509TrustManager() : null,
        tls ? client.hostnameVerifier() : null, tls ? client.certificatePinner() : null);
  }

  @Override
  public boolean equals(@Nullable Object other) {
    return other instanceof ConnectionIdentity that
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
