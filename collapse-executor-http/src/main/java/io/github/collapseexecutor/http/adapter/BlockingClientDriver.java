package io.github.collapseexecutor.http.adapter;

import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.net.SocketTimeoutException;

/**
 * The {@link ClientDriver} of a client whose callers block (OkHttp, RestClient): send, head,
 * body, rebody, close, replay. Every method runs on a caller's own thread.
 *
 * <p>An OkHttp interceptor, for instance, translates its chain:
 *
 * <pre>{@code
 * record OkHttpDriver(Interceptor.Chain chain) implements BlockingClientDriver<Response> {
 *   public Response send() throws IOException { return chain.proceed(chain.request()); }
 *   public Head head(Response response) {   // headers: one HeaderLists.entry per value
 *     return Head.of(response.code(), response.message(), headers(response.headers()));
 *   }
 *   public InputStream body(Response response) { return response.body().byteStream(); }
 *   public Response withBody(Response response, InputStream body) {
 *     return response.newBuilder().body(ResponseBody.create(
 *         Okio.buffer(Okio.source(body)), response.body().contentType(), -1)).build();
 *   }
 *   public void close(Response response) { response.close(); }
 *   public Response replay(SharedResponse shared) { ... }   // a Response of shared's parts
 * }
 *
 * public Response intercept(Chain chain) throws IOException {
 *   RequestTarget target = RequestTarget.builder(method, uri).headers(headers).build();
 *   return collapser().execute(target, new OkHttpDriver(chain));
 * }
 * }</pre>
 *
 * @param <R> the client library's response type
 */
public non-sealed interface BlockingClientDriver<R> extends ClientDriver<R> {

  /**
   * Sends the request, as the client would without collapse, and returns its live response.
   * Called at most once per driver, not at all for a caller that gets a replay. Its exception
   * reaches this caller, and when the call was shared, every caller that waited for it.
   */
  R send() throws IOException;

  /**
   * Returns the body of {@code response}, a live response of {@link #send()}: the collapser reads
   * it up to the largest body it may share, and closes it only through {@link #close}.
   */
  InputStream body(R response) throws IOException;

  /**
   * Returns {@code response} with its body replaced by {@code body} (what was read of it, then
   * the rest), for the caller that sent a call whose body was too large to share. Closing the
   * result must close {@code response}.
   */
  R withBody(R response, InputStream body);

  /** Closes {@code response}, a live response whose body was read to share. */
  void close(R response);

  /**
   * Returns the exception this caller fails with when its own deadline
   * ({@link #ownWaitLimitNanos()}) ends its wait: what the client throws when that limit ends a
   * call. An {@link InterruptedIOException} by default.
   */
  default IOException ownLimitReached() {
    return new InterruptedIOException("timeout");
  }

  /**
   * Returns the exception this caller fails with when its read timeout
   * ({@link #readTimeoutNanos()}) ends its wait before the shared response arrived. A
   * {@link SocketTimeoutException} by default, as a socket's read throws it.
   */
  default IOException readTimeoutReached() {
    return new SocketTimeoutException("Read timed out");
  }
}
