package io.github.collapseexecutor.jdk.httpclient;

import io.github.collapseexecutor.http.adapter.ClientDriver;
import io.github.collapseexecutor.http.adapter.DetailCodec;
import io.github.collapseexecutor.http.adapter.HeaderLists;
import io.github.collapseexecutor.http.adapter.SharedResponse;
import io.github.collapseexecutor.http.adapter.TlsHandshake;
import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
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
  private record Origin(URI uri, HttpClient.Version version, Optional<SSLSession> sslSession) {

    /**
     * The final URI, the version and, for a TLS call, what the handshake agreed (version, cipher
     * suite, certificates), for another instance's replay: what a caller there would have read
     * of a call of its own.
     */
    static final DetailCodec<Origin> CODEC =
        new DetailCodec<>() {
          @Override
          public void write(Origin origin, DataOutput out) throws IOException {
            out.writeUTF(origin.version().name());
            out.writeUTF(origin.uri().toString());
            out.writeBoolean(origin.sslSession().isPresent());
            if (origin.sslSession().isPresent()) {
              ReplayedSslSession.handshakeOf(origin.sslSession().get()).writeTo(out);
            }
          }

          @Override
          public Origin read(DataInput in) throws IOException {
            HttpClient.Version version = HttpClient.Version.valueOf(in.readUTF());
            URI uri = URI.create(in.readUTF());
            Optional<SSLSession> session = Optional.empty();
            if (in.readBoolean()) {
              int port = uri.getPort() >= 0 ? uri.getPort() : 443;
              session =
                  Optional.of(
                      new ReplayedSslSession(
                          TlsHandshake.readFrom(in),
                          Objects.requireNonNull(uri.getHost(), "the host of " + uri),
                          port));
            }
            return new Origin(uri, version, session);
          }
        };
  }

  @Override
  // the callbacks handle both outcomes: the stages whenComplete returns hold nothing more
  @SuppressWarnings("FutureReturnValueIgnored")
  public CompletableFuture<HttpResponse<Flow.Publisher<List<ByteBuffer>>>> send() {
    CompletableFuture<HttpResponse<Flow.Publisher<List<ByteBuffer>>>> sent =
        client.sendAsync(outgoing, HttpResponse.BodyHandlers.ofPublisher());
    CompletableFuture<HttpResponse<Flow.Publisher<List<ByteBuffer>>>> call =
        new CompletableFuture<>();
    sent.whenComplete(
        (response, failure) -> {
          if (failure != null) {
            call.completeExceptionally(unwrap(failure));
          } else {
            call.complete(response);
          }
        });
    call.whenComplete(
        (response, failure) -> {
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
    response
        .headers()
        .map()
        .forEach(
            (name, values) -> values.forEach(value -> entries.add(HeaderLists.entry(name, value))));
    return new Head(
        response.statusCode(),
        null,
        entries,
        new Origin(response.uri(), response.version(), response.sslSession()));
  }

  @Override
  public DetailCodec<?> detailCodec() {
    return Origin.CODEC;
  }

  @Override
  public HttpResponse<Flow.Publisher<List<ByteBuffer>>> replay(SharedResponse shared) {
    // what head() kept of the response this driver's call shared
    Origin origin = (Origin) Objects.requireNonNull(shared.detail(), "detail");
    Map<String, List<String>> headers = new LinkedHashMap<>();
    shared
        .headers()
        .forEach(
            header -> {
              if (header.getValue() != null) {
                headers
                    .computeIfAbsent(header.getKey(), name -> new ArrayList<>())
                    .add(header.getValue());
              }
            });
    return new RawResponse(
        shared.status(),
        outgoing,
        HttpHeaders.of(headers, (n, v) -> true),
        new BytesPublisher(shared.bodyBuffer(), shared.bodyFailure()),
        origin.sslSession(),
        origin.uri(),
        origin.version(),
        Optional.empty());
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
        ? failure.getCause()
        : failure;
  }
}
