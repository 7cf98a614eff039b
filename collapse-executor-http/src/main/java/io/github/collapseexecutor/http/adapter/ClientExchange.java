package io.github.collapseexecutor.http.adapter;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * One request of an HTTP client, and the response it gets, in the terms of a client collapser:
 * what {@link BlockingClientExchange} and {@link AsyncClientExchange} have in common. Adapters
 * implement a {@link ClientDriver}, which the collapser wraps in an exchange
 * ({@link DriverExchange}).
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
interface ClientExchange<R> {

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

  /** The driver's {@link ClientDriver#detailCodec()}. */
  default @Nullable DetailCodec<?> detailCodec() {
    return null;
  }

  /**
   * Returns a new response object for this exchange's caller, built from {@code shared}: its own
   * headers object and its own body stream, so that callers read and close theirs independently.
   * Called on the thread that answers the caller; must not block.
   */
  R replay(SharedResponse shared);

  /** The driver's {@link ClientDriver#ownWaitLimitNanos()}. */
  default long ownWaitLimitNanos() {
    return Long.MAX_VALUE;
  }

  /** The driver's {@link ClientDriver#readTimeoutNanos()}. */
  default long readTimeoutNanos() {
    return Long.MAX_VALUE;
  }

  /** The driver's {@link ClientDriver#causeOf}. */
  default ClientDriver.Cause causeOf(Throwable failure) {
    return Thread.currentThread().isInterrupted()
        ? ClientDriver.Cause.CALLER_LEFT : ClientDriver.Cause.CALL;
  }
}
