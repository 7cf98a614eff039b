package io.github.collapseexecutor.spring.webflux;

import io.github.collapseexecutor.http.CollapseKey;
import io.github.collapseexecutor.http.CollapseRules;
import io.github.collapseexecutor.http.RequestHeaders;
import io.github.collapseexecutor.http.RequestTarget;
import java.net.InetSocketAddress;
import java.net.URI;
import java.security.Principal;
import java.util.Arrays;
import org.jspecify.annotations.Nullable;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.http.server.reactive.SslInfo;

/**
 * What the key of an inbound request is built from: its method, URI and headers, the principal
 * of its exchange (what a security filter before this one says the caller is), the TLS client
 * certificate, the local address and port the request arrived on, and the client's address: what
 * the servlet filter reads of a servlet request.
 */
final class KeyedExchange {

  private KeyedExchange() {}

  /** Returns the headers of {@code request}. */
  static RequestHeaders headers(ServerHttpRequest request) {
    // headerSet() is one of the few HttpHeaders methods Spring 6.2 and 7 have alike, in source and
    // in class files: get and headerNames differ, and a jar built on one line fails on the other
    return RequestHeaders.ofEntries(request.getHeaders().headerSet());
  }

  /**
   * Returns the key of {@code request}; the collapser passes it all the same if it has a body.
   *
   * @param keyPart what else of the exchange joins the key (see {@link CollapseWebFilter})
   */
  static @Nullable CollapseKey keyFor(
      CollapseRules rules,
      ServerHttpRequest request,
      RequestHeaders headers,
      @Nullable Principal principal,
      @Nullable Object keyPart) {
    URI uri = request.getURI();
    String scheme = uri.getScheme() == null ? "http" : uri.getScheme();
    int port = uri.getPort() != -1 ? uri.getPort() : "https".equals(scheme) ? 443 : 80;
    String rawPath = request.getPath().value();
    String path = request.getPath().pathWithinApplication().value();
    InetSocketAddress remote = request.getRemoteAddress();
    String address =
        remote == null
            ? null
            : remote.getAddress() == null
                ? remote.getHostString()
                : remote.getAddress().getHostAddress();
    RequestTarget.Builder target =
        RequestTarget.builder(request.getMethod().name(), scheme, uri.getHost(), port, rawPath)
            .matchPath(path)
            .query(uri.getRawQuery())
            .headers(headers)
            .identity(Arrays.asList(connection(principal, request), keyPart))
            .clientAddress(address);
    InetSocketAddress local = request.getLocalAddress();
    if (local != null) {
      target.receivedOn(local.getHostString(), local.getPort());
    }
    return rules.keyFor(target.build());
  }

  /**
   * What the headers do not say of a request's caller: who a filter before this one (Spring
   * Security) says the caller is and the TLS client certificate, credentials that need not be in
   * the headers.
   */
  private static Object connection(@Nullable Principal principal, ServerHttpRequest request) {
    SslInfo ssl = request.getSslInfo();
    Object certificates = ssl == null ? null : ssl.getPeerCertificates();
    return Arrays.asList(
        principal == null ? null : principal.getName(),
        certificates instanceof Object[] chain ? Arrays.asList(chain) : certificates);
  }
}
