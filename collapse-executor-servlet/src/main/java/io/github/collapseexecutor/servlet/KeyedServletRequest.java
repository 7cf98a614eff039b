package io.github.collapseexecutor.servlet;

import io.github.collapseexecutor.http.CollapseKey;
import io.github.collapseexecutor.http.CollapseRules;
import io.github.collapseexecutor.http.RequestHeaders;
import io.github.collapseexecutor.http.RequestTarget;
import jakarta.servlet.http.HttpServletRequest;
import java.security.Principal;
import java.util.Arrays;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * What the key of an inbound request is built from: its method, URI and headers, who the container
 * or a filter before this one says the caller is, the TLS client certificate, the local address and
 * port the request arrived on, and the client's address.
 */
final class KeyedServletRequest {

  /** The request attribute that holds the client's certificate chain of a TLS connection. */
  private static final String CLIENT_CERTIFICATES = "jakarta.servlet.request.X509Certificate";

  private KeyedServletRequest() {}

  /** Returns the headers of {@code request}. */
  static RequestHeaders headers(HttpServletRequest request) {
    return RequestHeaders.of(
        name -> {
          Enumeration<String> values = request.getHeaders(name);
          return values.hasMoreElements() ? Collections.list(values) : List.of();
        },
        () -> Collections.list(request.getHeaderNames()));
  }

  /**
   * Returns the key of {@code request}; the collapser passes it all the same if it has a body.
   *
   * @param keyPart what else of the request joins the key (see {@link CollapseServletFilter}),
   *     read only of a {@code GET} or a {@code HEAD}, the methods that may collapse
   */
  static @Nullable CollapseKey keyFor(
      CollapseRules rules,
      HttpServletRequest request,
      RequestHeaders headers,
      Function<? super HttpServletRequest, ?> keyPart) {
    String method = request.getMethod();
    if (!"GET".equals(method) && !"HEAD".equals(method)) {
      return null;
    }
    String uri = request.getRequestURI();
    return rules.keyFor(
        RequestTarget.builder(
                method, request.getScheme(), request.getServerName(), request.getServerPort(), uri)
            .matchPath(matchPath(request))
            .query(request.getQueryString())
            .headers(headers)
            .identity(Arrays.asList(connection(request), keyPart.apply(request)))
            .receivedOn(request.getLocalAddr(), request.getLocalPort())
            .clientAddress(request.getRemoteAddr())
            .build());
  }

  /** Returns the path of {@code request} as the groups match it: without the context path. */
  static String matchPath(HttpServletRequest request) {
    String uri = request.getRequestURI();
    String context = request.getContextPath();
    return context != null && uri.startsWith(context) ? uri.substring(context.length()) : uri;
  }

  /**
   * What the headers do not say of a request's caller: who the container or an earlier filter
   * (Spring Security) says the caller is and the TLS client certificate, credentials that need
   * not be in the headers.
   */
  private static Object connection(HttpServletRequest request) {
    Principal principal = request.getUserPrincipal();
    Object certificates = request.getAttribute(CLIENT_CERTIFICATES);
    return Arrays.asList(
        principal == null ? null : principal.getName(),
        certificates instanceof Object[] chain ? Arrays.asList(chain) : certificates);
  }
}
