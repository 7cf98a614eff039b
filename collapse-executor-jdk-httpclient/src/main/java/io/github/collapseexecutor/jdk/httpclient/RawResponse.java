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

/**
 * A response whose body is still a publisher of bytes, as the collapser passes it between callers:
 * a replay of a shared response, or a live one whose body was partly read. Each caller turns it
 * into a response of its own type with its own {@code BodyHandler} ({@link Delivery}).
 */
record RawResponse(
    int statusCode,
    HttpRequest request,
    HttpHeaders headers,
    Flow.Publisher<List<ByteBuffer>> body,
    Optional<SSLSession> sslSession,
    URI uri,
    HttpClient.Version version,
    Optional<HttpResponse<Flow.Publisher<List<ByteBuffer>>>> previousResponse)
    implements HttpResponse<Flow.Publisher<List<ByteBuffer>>> {

  /** Returns {@code response} with its body replaced by {@code body}. */
  static RawResponse rebodied(
      HttpResponse<Flow.Publisher<List<ByteBuffer>>> response,
      Flow.Publisher<List<ByteBuffer>> body) {
    return new RawResponse(
        response.statusCode(),
        response.request(),
        response.headers(),
        body,
        response.sslSession(),
        response.uri(),
        response.version(),
        response.previousResponse());
  }
}
