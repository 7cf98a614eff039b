package io.github.collapseexecutor.http.adapter;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The client adapter SPI: one request of an HTTP client, translated into the collapser's terms.
 * An adapter writes one class, a {@link BlockingClientDriver} for a client whose callers block or
 * an {@link AsyncClientDriver} for one whose callers get a future, that sends the request, reads
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
public sealed interface ClientDriver<R> permits BlockingClientDriver, AsyncClientDriver {

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
   * ({@link Cause#CALLER_READ_TIMEOUT}). And a caller whose read timeout is shorter than the
   * leading caller's stops waiting when it ends (the driver's {@code readTimeoutReached}), as
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

  /**
   * The head of a live response: status, reason phrase, every header in order (one entry per
   * value, names as received: {@link HeaderLists} flattens a library's header map), and what else
   * a replay needs of it ({@code detail}: a protocol version, a TLS session), which reaches
   * {@link #replay} as {@link SharedResponse#detail()}.
   *
   * @param reason the reason phrase, or {@code null} if the client hands on none
   * @param detail what a replay needs besides the rest, or {@code null}
   */
  record Head(int status, @Nullable String reason,
      List<Map.Entry<String, @Nullable String>> headers, @Nullable Object detail) {

    /** Checks the headers are there. */
    public Head {
      Objects.requireNonNull(headers, "headers");
    }

    /** Returns a head with no detail. */
    public static Head of(int status, @Nullable String reason,
        List<Map.Entry<String, @Nullable String>> headers) {
      return new Head(status, reason, headers, null);
    }
  }
}
