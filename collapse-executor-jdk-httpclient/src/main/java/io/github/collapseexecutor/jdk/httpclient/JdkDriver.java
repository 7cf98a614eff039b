package io.github.collapseexecutor.jdk.httpclient;

import io.github.collapseexecutor.http.adapter.ClientDriver;
import io.github.collapseexecutor.http.adapter.HeaderLists;
import io.github.collapseexecutor.http.adapter.SharedResponse;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Flow;
import javax.net.ssl.SSLSession;
import org.jspecify.annotations.Nullable;

/**
 * One request of the JDK's client, and its response, in the terms of the collapser. The call
 * goes out with a body handler that hands the body on as a publisher, so that the collapser can
 * read it to share it, or hand it on to the caller whose call it is; each caller's own
 * {@code BodyHandler} gets the body later ({@link Delivery}).
 *
 * @param client the wrapped client
 * @param outgoing the request to send: the caller's, without its timeout when the caller's turn
 *     is timed by {@link Deadline} instead
 * @param deadline when the caller's own timeout ends
 */
record JdkDriver(HttpClient client, HttpRequest outgoing, Deadline deadline)
    implements ClientDriver.Async<HttpResponse<Flow.Publisher<List<ByteBuffer>>>> {

  /** What a replay needs of the response besides status, headers and body. */
  private record Origin(URI uri, HttpClient.Version version, Optional<SSLSession> sslSession) {}

  @Override
  public CompletableFuture<HttpResponse<Flow.Publisher<List<ByteBuffer>>>> send() {
    CompletableFuture<HttpResponse<Flow.Publisher<List<ByteBuffer>>>> sent =
        client.sendAsync(outgoing, HttpResponse.BodyHandlers.ofPublisher());
    CompletableFuture<HttpResponse<Flow.Publisher<List<ByteBuffer>>>> call =
        new CompletableFuture<>();
    sent.whenComplete((response, failure) -> {
      if (failure != null) {
        call.completeExceptionally(unwrap(failure));
      } else {
        call.complete(response);
      }
    });
    call.whenComplete((response, failure) -> {
      if (call.isCancelled()) {
        // the JDK's client aborts the exchange only when asked to interrupt
        sent.cancel(/* mayInterruptIfRunning= */ true);
      }
    });
    return call;
  }

  @Override
  public Flow.Publisher<List<ByteBuffer>> body(
      HttpResponse<Flow.Publisher<List<ByteBuffer>>> response) {
    return response.body();
  }

  @Override
  public HttpResponse<Flow.Publisher<List<ByteBuffer>>> withBody(
      HttpResponse<Flow.Publisher<List<ByteBuffer>>> response,
      Flow.Publisher<List<ByteBuffer>> body) {
    return RawResponse.rebodied(response, body);
  }

  /**
   * The head, with what a replay needs besides: the URI, version and TLS session. The JDK's
   * client hands on no reason phrase.
   */
  @Override
  public Head head(HttpResponse<Flow.Publisher<List<ByteBuffer>>> response) {
    List<Map.Entry<String, @Nullable String>> entries = new ArrayList<>();
    response.headers().map().forEach((name, values) ->
        values.forEach(value -> entries.add(HeaderLists.entry(name, value))));
    return new Head(response.statusCode(), null, entries,
        new Origin(response.uri(), response.version(), response.sslSession()));
  }

  /**
   * The final URI and the version, for another instance's replay; a response over TLS stays on
   * its instance, as its {@code SSLSession} cannot be rebuilt there.
   */
  @Override
  public byte @Nullable [] writeDetail(Object detail) {
    Origin origin = (Origin) detail;
    return origin.sslSession().isPresent() ? null
        : (origin.version().name() + " " + origin.uri()).getBytes(StandardCharsets.UTF_8);
  }

  @Override
  public Object readDetail(byte[] bytes) {
    String text = new String(bytes, StandardCharsets.UTF_8);
    int space = text.indexOf(' ');
    if (space < 0) {
      throw new IllegalArgumentException("not a JDK response's detail");
    }
    return new Origin(URI.create(text.substring(space + 1)),
        HttpClient.Version.valueOf(text.substring(0, space)), Optional.empty());
  }

  @Override
  public HttpResponse<Flow.Publisher<List<ByteBuffer>>> replay(SharedResponse shared) {
    // what head() kept of the response this driver's call shared
    Origin origin = (Origin) Objects.requireNonNull(shared.detail(), "detail");
    Map<String, List<String>> headers = new LinkedHashMap<>();
    shared.headers().forEach(header -> {
      if (header.getValue() != null) {
        headers.computeIfAbsent(header.getKey(), name -> new ArrayList<>()).add(header.getValue());
      }
    });
    return new RawResponse(shared.status(), outgoing, HttpHeaders.of(headers, (n, v) -> true),
        new BytesPublisher(shared.bodyBuffer(), shared.bodyFailure()), origin.sslSession(),
        origin.uri(), origin.version(), Optional.empty());
  }

  @Override
  public long ownWaitLimitNanos() {
    return deadline.nanosLeft();
  }

  @Override
  public Throwable ownLimitReached() {
    return Deadline.reached();
  }

  static Throwable unwrap(Throwable failure) {
    return failure instanceof CompletionException && failure.getCause() != null
        ? failure.getCause() : failure;
  }
}
