package io.github.collapseexecutor.jdk.httpclient;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Flow;
import javax.net.ssl.SSLSession;
import org.jspecify.annotations.Nullable;

/** A caller's own response: what its {@code BodyHandler} made of the body, and the rest. */
record CallerResponse<T>(
    int statusCode,
    HttpRequest request,
    Optional<HttpResponse<T>> previousResponse,
    HttpHeaders headers,
    @Nullable T body,
    Optional<SSLSession> sslSession,
    URI uri,
    HttpClient.Version version)
    implements HttpResponse<T> {

  /**
   * Returns {@code raw} with {@code body}, for the caller that sent {@code request}: its own
   * request stands where the collapser sent {@code outgoing}, a copy of it (a redirect's request
   * is kept). The responses before a redirect carry no body, as the JDK's client gives them.
   */
  // identity: the very request the collapser sent, not a redirect's, which may equal it
  @SuppressWarnings("ReferenceEquality")
  static <T> CallerResponse<T> of(
      HttpResponse<Flow.Publisher<List<ByteBuffer>>> raw,
      @Nullable T body,
      HttpRequest request,
      HttpRequest outgoing) {
    return new CallerResponse<>(
        raw.statusCode(),
        raw.request() == outgoing ? request : raw.request(),
        raw.previousResponse().map(previous -> of(previous, null, request, outgoing)),
        raw.headers(),
        body,
        raw.sslSession(),
        raw.uri(),
        raw.version());
  }
}
