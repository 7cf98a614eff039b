package io.github.collapseexecutor.okhttp;

import io.github.collapseexecutor.http.adapter.ClientDriver;
import io.github.collapseexecutor.http.adapter.ClientDriver.FailureCause;
import io.github.collapseexecutor.http.adapter.DetailCodec;
import io.github.collapseexecutor.http.adapter.HeaderLists;
import io.github.collapseexecutor.http.adapter.SharedResponse;
import io.github.collapseexecutor.http.adapter.TlsHandshake;
import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.net.SocketTimeoutException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import okhttp3.CipherSuite;
import okhttp3.Handshake;
import okhttp3.Headers;
import okhttp3.Interceptor;
import okhttp3.MediaType;
import okhttp3.Protocol;
import okhttp3.Response;
import okhttp3.ResponseBody;
import okhttp3.TlsVersion;
import okio.Okio;
import okio.Timeout;
import org.jspecify.annotations.Nullable;

/** One OkHttp call, and its {@link Response}, in the terms of the collapser. */
record OkHttpDriver(Interceptor.Chain chain) implements ClientDriver.Blocking<Response> {

  /** What a replay needs of the response besides status, headers and body. */
  private record Origin(Protocol protocol, @Nullable Handshake handshake) {

    /**
     * The protocol and, for a TLS call, the handshake (version, cipher suite, certificates), for
     * another instance's replay: what a caller there would have read of a call of its own.
     */
    static final DetailCodec<Origin> CODEC =
        new DetailCodec<>() {
          @Override
          public void write(Origin origin, DataOutput out) throws IOException {
            out.writeUTF(origin.protocol().toString());
            Handshake handshake = origin.handshake();
            out.writeBoolean(handshake != null);
            if (handshake != null) {
              new TlsHandshake(
                      handshake.tlsVersion().javaName(),
                      handshake.cipherSuite().javaName(),
                      handshake.peerCertificates(),
                      handshake.localCertificates())
                  .writeTo(out);
            }
          }

          @Override
          public Origin read(DataInput in) throws IOException {
            Protocol protocol = Protocol.get(in.readUTF());
            Handshake handshake = null;
            if (in.readBoolean()) {
              TlsHandshake tls = TlsHandshake.readFrom(in);
              handshake =
                  Handshake.get(
                      TlsVersion.forJavaName(tls.protocol()),
                      CipherSuite.forJavaName(tls.cipherSuite()),
                      tls.peerCertificates(),
                      tls.localCertificates());
            }
            return new Origin(protocol, handshake);
          }
        };
  }

  @Override
  public Response send() throws IOException {
    return chain.proceed(chain.request());
  }

  /** The head, with what a replay needs besides: the protocol and the TLS handshake. */
  @Override
  public Head head(Response response) {
    Headers headers = response.headers();
    List<Map.Entry<String, @Nullable String>> entries = new ArrayList<>(headers.size());
    for (int i = 0; i < headers.size(); i++) {
      entries.add(HeaderLists.entry(headers.name(i), headers.value(i)));
    }
    return new Head(
        response.code(),
        response.message(),
        entries,
        new Origin(response.protocol(), response.handshake()));
  }

  @Override
  public InputStream body(Response response) {
    return response.body().byteStream();
  }

  @Override
  public Response withBody(Response response, InputStream body) {
    ResponseBody original = response.body();
    ResponseBody rebodied =
        ResponseBody.create(
            Okio.buffer(Okio.source(body)), original.contentType(), original.contentLength());
    return response.newBuilder().body(rebodied).build();
  }

  /**
   * The sooner of the call's own timeout ({@code callTimeout}, or one set on the call) and what is
   * left of its deadline. The timeout runs from when the call started, a little before this
   * interceptor; counting it whole from here lets OkHttp's watchdog cancel the call first, as it
   * would without collapse.
   */
  @Override
  public long ownWaitLimitNanos() {
    Timeout timeout = chain.call().timeout();
    long limit = timeout.timeoutNanos() > 0 ? timeout.timeoutNanos() : Long.MAX_VALUE;
    if (timeout.hasDeadline()) {
      limit = Math.min(limit, timeout.deadlineNanoTime() - System.nanoTime());
    }
    return limit;
  }

  /** The read timeout of the call's client, or of the chain when an interceptor changed it. */
  @Override
  public long readTimeoutNanos() {
    return chain.readTimeoutMillis() > 0
        ? TimeUnit.MILLISECONDS.toNanos(chain.readTimeoutMillis())
        : Long.MAX_VALUE;
  }

  /**
   * A call that was cancelled ended by its caller's own doing: OkHttp's call timeout and deadline
   * cancel it too, and fail it with an {@link InterruptedIOException} that is no socket timeout.
   * A socket timeout other than a connect timeout is the read timeout (or the write timeout,
   * which the clients of an application rarely set apart from it). A connect timeout says
   * nothing of the caller: the callers that waited would have met it as well.
   */
  @Override
  public FailureCause causeOf(Throwable failure) {
    if (failure instanceof SocketTimeoutException timeout) {
      String message = timeout.getMessage();
      return message != null && message.toLowerCase(Locale.ROOT).contains("connect")
          ? FailureCause.CALL
          : FailureCause.CALLER_READ_TIMEOUT;
    }
    if (chain.call().isCanceled()) {
      return failure instanceof InterruptedIOException
          ? FailureCause.CALLER_LIMIT
          : FailureCause.CALLER_LEFT;
    }
    return ClientDriver.Blocking.super.causeOf(failure);
  }

  @Override
  public void close(Response response) {
    response.close();
  }

  @Override
  public DetailCodec<?> detailCodec() {
    return Origin.CODEC;
  }

  @Override
  public Response replay(SharedResponse shared) {
    // what head() kept of the response this driver's call shared
    Origin origin = (Origin) Objects.requireNonNull(shared.detail(), "detail");
    Headers.Builder headers = new Headers.Builder();
    shared
        .headers()
        .forEach(header -> headers.addUnsafeNonAscii(header.getKey(), header.getValue()));
    Headers built = headers.build();
    String contentType = built.get("Content-Type");
    MediaType mediaType = contentType == null ? null : MediaType.parse(contentType);
    long now = System.currentTimeMillis();
    return new Response.Builder()
        .request(chain.request())
        .protocol(origin.protocol())
        .handshake(origin.handshake())
        .code(shared.status())
        .message(shared.reason())
        .headers(built)
        .body(body(shared, mediaType))
        .sentRequestAtMillis(now)
        .receivedResponseAtMillis(now)
        .build();
  }

  /** The body of a replay: the bytes, and the failure that ended them, if any. */
  private static ResponseBody body(SharedResponse shared, @Nullable MediaType mediaType) {
    return shared.bodyFailure() == null
        ? ResponseBody.create(shared.bodyCopy(), mediaType)
        : ResponseBody.create(Okio.buffer(Okio.source(shared.bodyStream())), mediaType, -1);
  }
}
