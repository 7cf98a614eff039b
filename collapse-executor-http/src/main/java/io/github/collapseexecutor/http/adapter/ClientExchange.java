package io.github.collapseexecutor.http.adapter;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * One request of an HTTP client, and the response it gets, in the terms of a client collapser:
 * what {@link BlockingClientExchange} and {@link AsyncClientExchange} have in common. An adapter
 * makes one exchange per request it intercepts, and implements each method by reading or building
 * its library's own objects; it decides nothing of the collapse.
 *
 * <p>The collapser reads the live response of the caller that makes a shared call (the leading
 * caller) through {@link #status}, {@link #reason}, {@link #headers}, {@link #sentAsKeyed} and
 * {@link #detail}, each at most once, on the thread where that response arrived; it never reads
 * the live response of a caller whose call is its own. It asks for {@link #replay} once per
 * caller that gets the shared response, the leading caller included, since each gets a response
 * object of its own. An exception from one of these methods fails the leading caller with it, and
 * every caller that waited for the shared call too, as a failed call would.
 *
 * @param <R> the client library's response type
 */
public interface ClientExchange<R> {

  /**
   * Returns whether the request carries a body. Such a request never collapses, since no key holds
   * its body: the collapser counts it and makes its call at once. Called once, first, on the
   * caller's thread.
   */
  boolean hasBody();

  /**
   * Returns the request's own observation when the client carries it elsewhere than on the
   * calling thread (WebClient keeps it in its Reactor context), or {@code null} for the one current
   * on the caller's thread. Typed {@code Object} so that adapters need no observation library; the
   * {@code CallObserver} of the options reads it. Called once, on the caller's thread.
   */
  default @Nullable Object observation() {
    return null;
  }

  /** Returns the status code of {@code response}. */
  int status(R response) throws IOException;

  /** Returns the reason phrase of {@code response}, or {@code null} if it has none. */
  @Nullable String reason(R response) throws IOException;

  /**
   * Returns every header of {@code response}, in order, one entry per value, names as received
   * ({@link HeaderLists} flattens a library's header map). The sharing rules read them, and a
   * {@link SharedResponse} keeps them.
   */
  List<Map.Entry<String, @Nullable String>> headers(R response) throws IOException;

  /**
   * Returns whether the request that the client sent for {@code response} is the one whose parts
   * built the key. A stage below the adapter that changed it in a way the key would see (a filter
   * that adds a credential) makes the response the caller's alone: it is not shared
   * ({@code UnsharedReason.PRIVATE}), and the callers that waited make their own calls. True by
   * default, for a client that runs nothing between the adapter and the wire, or whose adapter
   * keeps such requests out of collapse by giving them no key.
   */
  default boolean sentAsKeyed(R response) {
    return true;
  }

  /**
   * Returns what {@link #replay} needs of {@code response} besides status, reason, headers and
   * body (a protocol version, a TLS handshake, a codec), or {@code null}: it reaches the replay as
   * {@link SharedResponse#detail()}.
   */
  default @Nullable Object detail(R response) {
    return null;
  }

  /**
   * Returns a new response object for this exchange's caller, built from {@code shared}: its own
   * headers object and its own body stream, so that callers read and close theirs independently.
   * Called on the thread that answers the caller; must not block.
   */
  R replay(SharedResponse shared);

  /**
   * Returns how long, in nanoseconds from now, the caller's own deadline lets it wait for another
   * caller's response: what is left of a timeout or a deadline of the whole call, say;
   * {@link Long#MAX_VALUE} if it has none, the default. Called once per caller, as it first leads
   * or waits: the result is the caller's own deadline for as long as it takes part, however many
   * waits it goes through.
   *
   * <p>A caller waits until the sooner of its deadline and the wait timeout; when its deadline
   * comes first, it fails as its own call would have ({@code ownLimitReached} of the exchange).
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
   * ({@link Cause#CALLER_READ_TIMEOUT}). And a caller whose read timeout is shorter than the
   * leading caller's stops waiting when it ends ({@code readTimeoutReached} of the exchange), as
   * its own call would have failed before the response began; one whose read timeout is as long
   * or longer waits for the leading caller's, which ends the call for both.
   */
  default long readTimeoutNanos() {
    return Long.MAX_VALUE;
  }

  /**
   * Returns what ended this caller's own call with {@code failure}: the call itself (the server or
   * the network), or this caller alone (its cancel, an interrupt of its thread, a limit of its
   * own). Called on the thread that saw the failure, for the caller that led a shared call.
   *
   * <p>The shared call belongs to no caller: a failure that the leading caller brought on itself
   * is handed only to the callers whose own call would have failed the same way. When the
   * leading caller {@linkplain Cause#CALLER_LEFT left}, the callers that waited take the call
   * over: the first of them makes it again, with its own settings, for the others. When its own
   * deadline ({@link Cause#CALLER_LIMIT}) or read timeout ({@link Cause#CALLER_READ_TIMEOUT})
   * ended the call, the callers whose own limit of that kind is longer take it over the same way,
   * and the others get the failure, as their own call would have failed too. A failure of the
   * {@linkplain Cause#CALL call} reaches every caller that waited for it.
   *
   * <p>By default, a failure on a thread whose interrupt status is set is the caller's own
   * ({@link Cause#CALLER_LEFT}), and any other is the call's. An adapter says more: an OkHttp
   * call that was cancelled, a timeout of the request's own settings.
   */
  default Cause causeOf(Throwable failure) {
    return Thread.currentThread().isInterrupted() ? Cause.CALLER_LEFT : Cause.CALL;
  }

  /** What ended a call that failed; see {@link #causeOf}. */
  enum Cause {

    /** The server or the network: every caller that waited for the call gets the failure. */
    CALL,

    /**
     * The caller left: it cancelled its call, or its thread was interrupted. The callers that
     * waited take the call over.
     */
    CALLER_LEFT,

    /**
     * The caller's own deadline ({@link #ownWaitLimitNanos()}) ended the call. The callers that
     * waited and whose own deadline ends later take the call over; the others get the failure.
     */
    CALLER_LIMIT,

    /**
     * The caller's own read timeout ({@link #readTimeoutNanos()}) ended the call. The callers
     * that waited and whose read timeout is longer take the call over; the others get the
     * failure.
     */
    CALLER_READ_TIMEOUT
  }
}
