package io.github.collapseexecutor.http.adapter;

import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.net.SocketTimeoutException;

/**
 * One request of a blocking HTTP client, in the terms of a {@link BlockingClientCollapser}: how to
 * make the call, and how to read and rebuild the client's response. An adapter writes one class
 * that implements it over its library's request chain, and nothing else of the collapse.
 *
 * <p>An OkHttp interceptor, for instance, translates its chain:
 *
 * <pre>{@code
 * record OkHttpExchange(Interceptor.Chain chain) implements BlockingClientExchange<Response> {
 *   public boolean hasBody() { return chain.request().body() != null; }
 *   public Response proceed() throws IOException { return chain.proceed(chain.request()); }
 *   public int status(Response response) { return response.code(); }
 *   public String reason(Response response) { return response.message(); }
 *   public List<Map.Entry<String, String>> headers(Response response) {
 *     List<Map.Entry<String, String>> headers = new ArrayList<>();
 *     for (int i = 0; i < response.headers().size(); i++) {
 *       headers.add(HeaderLists.entry(response.headers().name(i), response.headers().value(i)));
 *     }
 *     return headers;
 *   }
 *   public InputStream body(Response response) { return response.body().byteStream(); }
 *   public Response withBody(Response response, InputStream body) {
 *     return response.newBuilder().body(ResponseBody.create(
 *         Okio.buffer(Okio.source(body)), response.body().contentType(), -1)).build();
 *   }
 *   public void close(Response response) { response.close(); }
 *   public Response replay(SharedResponse shared) {   // headers left out here
 *     return new Response.Builder().request(chain.request()).protocol(Protocol.HTTP_1_1)
 *         .code(shared.status()).message(shared.reason())
 *         .body(ResponseBody.create(Okio.buffer(Okio.source(shared.bodyStream())), null, -1))
 *         .build();
 *   }
 * }
 *
 * public Response intercept(Chain chain) throws IOException {
 *   CollapseKey key = collapser.rules().keyFor(...);   // the request's parts
 *   return collapser.execute(key, headers, new OkHttpExchange(chain));
 * }
 * }</pre>
 *
 * <p>Every method runs on the caller's own thread: {@link #proceed()} and the reading of the live
 * response on the thread of the caller whose call it is, {@link #replay} on the thread of the
 * caller it answers.
 *
 * @param <R> the client library's response type
 */
public interface BlockingClientExchange<R> extends ClientExchange<R> {

  /**
   * Makes the call, as the client would without collapse, and returns its live response. Called
   * at most once per exchange, not at all for a caller that gets a replay; a caller whose wait
   * ended (its timeout, a response it may not share) calls it after waiting. Its exception reaches
   * this caller, and when the call was shared, every caller that waited for it.
   */
  R proceed() throws IOException;

  /**
   * Returns the body stream of {@code response}, a live response of {@link #proceed()}: the
   * collapser reads it up to the largest body it may share, and closes it only through
   * {@link #close}.
   */
  InputStream body(R response) throws IOException;

  /**
   * Returns {@code response} with its body replaced by {@code body}: what was read of it, then
   * the rest, for the caller that made a call whose body was too large to share. Closing the
   * result closes {@code response}.
   */
  R withBody(R response, InputStream body);

  /** Closes {@code response}, a live response whose body was read to share, releasing it. */
  void close(R response);

  /**
   * Returns the exception this caller fails with when its own limit
   * ({@link #ownWaitLimitNanos()}) ends its wait: what the client throws when that limit ends a
   * call. An {@link InterruptedIOException} by default.
   */
  default IOException ownLimitReached() {
    return new InterruptedIOException("timeout");
  }

  /**
   * Returns the exception this caller fails with when its read timeout
   * ({@link #readTimeoutNanos()}), shorter than the leading caller's, ends its wait before the
   * shared response arrived: what the client throws when no response begins within it. A
   * {@link SocketTimeoutException} by default, as a socket's read throws it.
   */
  default IOException readTimeoutReached() {
    return new SocketTimeoutException("Read timed out");
  }
}
