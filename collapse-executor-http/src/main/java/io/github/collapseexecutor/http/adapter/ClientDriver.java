package io.github.collapseexecutor.http.adapter;

import io.github.collapseexecutor.core.Incubating;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeoutException;
import org.jspecify.annotations.Nullable;

/**
 * The client adapter SPI: one request of an HTTP client, translated into the collapser's terms.
 * An adapter writes one class, a {@link Blocking} driver for a client whose callers block or an
 * {@link Async} driver for one whose callers get a future, that sends the request, reads
 * the response's head and body, and builds the caller's response; it decides nothing of the
 * collapse. The collapser does the rest once for every adapter: who sends and who waits, the
 * sharing rules, reading the body up to {@code maxBodyBytes} and streaming the rest to the caller
 * that sent, the replays, hit-for-pass, {@code Vary}, counting and observations.
 *
 * <p>The adapter makes one driver per request and hands it, with the request's
 * {@link io.github.collapseexecutor.http.RequestTarget}, to its collapser. The collapser reads the
 * live response only of the caller that sent a shared call, and only once
 * ({@link #head} on the thread where that response arrived); it asks for {@link #replay} once per
 * caller that gets the shared response, that caller included. An exception from a method fails
 * the caller that sent, and every caller that waited for it, as a failed call would.
 *
 * <p>The methods with a default say what the client's own limits are and what ended a failed
 * call; a client that has no limits per call leaves them.
 *
 * @param <R> the client library's response type
 */
@Incubating
public sealed interface ClientDriver<R> permits ClientDriver.Blocking, ClientDriver.Async {

  /**
   * Returns the status, reason phrase and headers of {@code response}, a live response of this
   * driver's call, with what else {@link #replay} needs of it.
   */
  Head head(R response) throws IOException;

  /**
   * Returns a new response object for this driver's caller, built from {@code shared}: its own
   * headers object and its own body, so that callers read and close theirs independently. Called
   * on the thread that answers the caller; must not block.
   */
  R replay(SharedResponse shared);

  /**
   * Returns the request's own observation when the client carries it elsewhere than on the
   * calling thread (WebClient keeps it in its Reactor context), or {@code null} for the one current
   * on the caller's thread, the default. Typed {@code Object} so that adapters need no observation
   * library. Called once, on the caller's thread.
   */
  default @Nullable Object observation() {
    return null;
  }

  /**
   * Returns how the detail {@link #head} keeps of a response besides status, reason, headers and
   * body travels to another instance, or {@code null} if it stays on this one, the default: a
   * response with a detail is then shared on this instance only.
   */
  default @Nullable DetailCodec<?> detailCodec() {
    return null;
  }

  /**
   * Returns whether the request that the client sent for {@code response} is the one whose parts
   * built the key. A stage below the adapter that changed it in a way the key would see (a filter
   * that adds a credential) makes the response the caller's alone: it is not shared, and the
   * callers that waited make their own calls. True by default.
   */
  default boolean sentAsKeyed(R response) {
    return true;
  }

  /**
   * Returns how long, in nanoseconds from now, the caller's own deadline lets it wait for another
   * caller's response: what is left of a timeout or a deadline of the whole call, say;
   * {@link Long#MAX_VALUE} if it has none, the default. Called once per caller, as it first leads
   * or waits: the result is the caller's own deadline for as long as it takes part, however many
   * waits it goes through.
   *
   * <p>A caller waits until the sooner of its deadline and the wait timeout; when its deadline
   * comes first, it fails as its own call would have (the driver's {@code ownLimitReached}).
   */
  default long ownWaitLimitNanos() {
    return Long.MAX_VALUE;
  }

  /**
   * Returns the longest, in nanoseconds, that the caller's client waits for the next bytes of a
   * response (a read timeout), when the caller may set it on its own request or call;
   * {@link Long#MAX_VALUE} if it has none or the adapter cannot tell, the default. Called once
   * per caller, with {@link #ownWaitLimitNanos()}.
   *
   * <p>It decides who takes a call over when the leading caller's read timeout ended it
   * ({@link FailureCause#CALLER_READ_TIMEOUT}). And a caller whose read timeout is shorter than
   * the leading caller's stops waiting when it ends (the driver's {@code readTimeoutReached}), as
   * its own call would have failed before the response began; one whose read timeout is as long
   * or longer waits for the leading caller's, which ends the call for both.
   */
  default long readTimeoutNanos() {
    return Long.MAX_VALUE;
  }

  /**
   * Returns what ended this caller's own call with {@code failure}: the call itself (the server or
   * the network), or this caller alone (its cancel, an interrupt of its thread, a limit of its
   * own), which decides who gets the failure and who takes the call over ({@link FailureCause}).
   * Called on the thread that saw the failure, for the caller that led a shared call.
   *
   * <p>By default, a failure on a thread whose interrupt status is set is the caller's own
   * ({@link FailureCause#CALLER_LEFT}), and any other is the call's. An adapter says more: an
   * OkHttp call that was cancelled, a timeout of the request's own settings.
   */
  default FailureCause causeOf(Throwable failure) {
    return Thread.currentThread().isInterrupted() ? FailureCause.CALLER_LEFT : FailureCause.CALL;
  }

  /**
   * The head of a live response: status, reason phrase, every header in order (one entry per
   * value, names as received: {@link HeaderLists} flattens a library's header map), and what else
   * a replay needs of it ({@code detail}: a protocol version, a TLS session), which reaches
   * {@link #replay} as {@link SharedResponse#detail()}.
   *
   * @param reason the reason phrase, or {@code null} if the client hands on none
   * @param detail what a replay needs besides the rest, or {@code null}
   */
  record Head(
      int status,
      @Nullable String reason,
      List<Map.Entry<String, @Nullable String>> headers,
      @Nullable Object detail) {

    /** Checks the headers are there. */
    public Head {
      Objects.requireNonNull(headers, "headers");
    }

    /** Returns a head with no detail. */
    public static Head of(
        int status, @Nullable String reason, List<Map.Entry<String, @Nullable String>> headers) {
      return new Head(status, reason, headers, null);
    }
  }

  /**
   * The driver of a client whose callers block (OkHttp, RestClient): send, head,
   * body, rebody, close, replay. Every method runs on a caller's own thread.
   *
   * <p>An OkHttp interceptor, for instance, translates its chain:
   *
   * <pre>{@code
   * record OkHttpDriver(Interceptor.Chain chain) implements ClientDriver.Blocking<Response> {
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
  non-sealed interface Blocking<R> extends ClientDriver<R> {

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
      return new InterruptedIOException(OwnLimits.REACHED);
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

  /**
   * The driver of a client whose callers get a future (the JDK's
   * {@code HttpClient}, WebClient through a bridge): send, head, body as a
   * {@link Flow.Publisher}, rebody, replay. No method may block: they run on the client's threads,
   * on the thread that completes a shared call, or on the wait timer's.
   *
   * <pre>{@code
   * record JdkDriver(HttpClient client, HttpRequest request)
   *     implements ClientDriver.Async<HttpResponse<Flow.Publisher<List<ByteBuffer>>>> {
   *   public CompletableFuture<HttpResponse<Flow.Publisher<List<ByteBuffer>>>> send() {
   *     return client.sendAsync(request, HttpResponse.BodyHandlers.ofPublisher());
   *   }
   *   public Flow.Publisher<List<ByteBuffer>> body(HttpResponse<...> response) {
   *     return response.body();
   *   }
   *   ...   // head, withBody and replay translate HttpResponse
   * }
   * }</pre>
   *
   * @param <R> the client library's response type
   */
  non-sealed interface Async<R> extends ClientDriver<R> {

    /**
     * Sends the request, as the client would without collapse, and returns the future of its live
     * response; it may complete with {@code null} when the client ends the call with no response.
     * Cancelling the future must cancel the call. Called at most once per driver, not at all for a
     * caller that gets a replay.
     */
    CompletableFuture<R> send();

    /**
     * Returns the body of {@code response}, a live response of {@link #send()}, for one subscriber:
     * the collapser reads it up to the largest body it may share, and cancels its subscription to
     * stop reading or to release a response nobody reads.
     */
    Flow.Publisher<List<ByteBuffer>> body(R response);

    /**
     * Returns {@code response} with its body replaced by {@code body} (what was read of it, then
     * the rest as its subscriber asks for it), for the caller that sent a call whose body was too
     * large to share.
     */
    R withBody(R response, Flow.Publisher<List<ByteBuffer>> body);

    /**
     * Releases {@code response}, a live response nobody will read: its caller left while the call
     * went on for others. By default subscribes to its {@link #body} and cancels at once.
     */
    default void release(R response) {
      body(response).subscribe(BodySplit.CANCEL_AT_ONCE);
    }

    /**
     * Returns the failure this caller gets when its own deadline ({@link #ownWaitLimitNanos()})
     * ends its wait. A {@link TimeoutException} by default.
     */
    default Throwable ownLimitReached() {
      return new TimeoutException(OwnLimits.REACHED);
    }

    /**
     * Returns the failure this caller gets when its read timeout ({@link #readTimeoutNanos()}) ends
     * its wait before the shared response arrived. {@link #ownLimitReached()} by default.
     */
    default Throwable readTimeoutReached() {
      return ownLimitReached();
    }
  }

  /**
   * What ended a client's call that failed, as its driver tells it ({@link ClientDriver#causeOf}):
   * the call itself, or the caller that made it alone.
   *
   * <p>The shared call belongs to no caller: a failure that the leading caller brought on itself is
   * handed only to the callers whose own call would have failed the same way. When the leading
   * caller {@linkplain #CALLER_LEFT left}, the callers that waited take the call over: the first of
   * them makes it again, with its own settings, for the others. When its own deadline
   * ({@link #CALLER_LIMIT}) or read timeout ({@link #CALLER_READ_TIMEOUT}) ended the call, the
   * callers whose own limit of that kind is longer take it over the same way, and the others get
   * the failure, as their own call would have failed too. A failure of the {@linkplain #CALL call}
   * reaches every caller that waited for it.
   */
  @Incubating
  enum FailureCause {

    /** The server or the network: every caller that waited for the call gets the failure. */
    CALL,

    /**
     * The caller left: it cancelled its call, or its thread was interrupted. The callers that
     * waited take the call over.
     */
    CALLER_LEFT,

    /**
     * The caller's own deadline ({@link ClientDriver#ownWaitLimitNanos()}) ended the call. The
     * callers that waited and whose own deadline ends later take the call over; the others get the
     * failure.
     */
    CALLER_LIMIT,

    /**
     * The caller's own read timeout ({@link ClientDriver#readTimeoutNanos()}) ended the call. The
     * callers that waited and whose read timeout is longer take the call over; the others get the
     * failure.
     */
    CALLER_READ_TIMEOUT
  }
}
