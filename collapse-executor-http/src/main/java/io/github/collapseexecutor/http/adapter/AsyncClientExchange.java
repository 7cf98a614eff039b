package io.github.collapseexecutor.http.adapter;

import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeoutException;
import org.jspecify.annotations.Nullable;

/**
 * One request of a non-blocking HTTP client, in the terms the {@link AsyncClientCollapser} runs
 * its protocol in: how to start the call, and how to read and rebuild the client's response
 * without blocking. Adapters implement an {@link ClientDriver.Async}, which the collapser wraps in
 * one ({@link AsyncDriverExchange}). No method may block: they run on the threads of the client's
 * event loop, of the thread that completes a shared call, or of the wait timer.
 *
 * @param <R> the client library's response type
 */
interface AsyncClientExchange<R> extends ClientExchange<R> {

  /**
   * Starts the call, as the client would without collapse, and returns the future of its live
   * response; may complete with {@code null} when the client ends the call with no response.
   * Cancelling the future must cancel the call. Called at most once per exchange, not at all for
   * a caller that gets a replay; a failure of the future reaches this caller, and when the call
   * was shared, every caller that waited for it.
   */
  CompletableFuture<R> proceed();

  /**
   * Reads the body of {@code response}, a live response of {@link #proceed()}, until its end or
   * until more than {@code limit} bytes arrived, and returns what it read: the whole body (or what
   * arrived before it failed, with the failure), its resources released; or, past the limit, a
   * response that reads what was read and then the rest as it arrives, for the caller that made
   * the call. Cancelling the future must stop the read and release what it holds. Called at most
   * once per exchange, for a response that may be shared.
   */
  CompletableFuture<BodyRead<R>> readBody(R response, int limit);

  /**
   * Releases {@code response}, a live response nobody will read: its caller cancelled while the
   * call went on for others. Called at most once per response.
   */
  void release(R response);

  /**
   * Returns the failure this caller gets when its own limit ({@link #ownWaitLimitNanos()}) ends
   * its wait: what the client fails a call with when that limit ends it. A
   * {@link TimeoutException} by default.
   */
  default Throwable ownLimitReached() {
    return new TimeoutException("timeout");
  }

  /**
   * Returns the failure this caller gets when its read timeout ({@link #readTimeoutNanos()}),
   * shorter than the leading caller's, ends its wait before the shared response arrived: what
   * the client fails a call with when no response begins within it. {@link #ownLimitReached()}
   * by default.
   */
  default Throwable readTimeoutReached() {
    return ownLimitReached();
  }

  /**
   * What {@link #readBody} read of a body: all of it, all that arrived before it failed, or, when
   * it is larger than the limit, the response to hand on streaming.
   *
   * @param <R> the client library's response type
   */
  final class BodyRead<R> {

    private final byte @Nullable [] bytes;
    private final @Nullable Throwable failure;
    private final @Nullable R streaming;

    private BodyRead(byte @Nullable [] bytes, @Nullable Throwable failure, @Nullable R streaming) {
      this.bytes = bytes;
      this.failure = failure;
      this.streaming = streaming;
    }

    /** Returns a body that ended well: all of it is {@code bytes}, which the caller gives up. */
    public static <R> BodyRead<R> whole(byte[] bytes) {
      return new BodyRead<>(Objects.requireNonNull(bytes, "bytes"), null, null);
    }

    /**
     * Returns a body that failed after the bytes {@code arrived}: it is shared as those bytes
     * followed by {@code failure}, which each caller gets where its client reads the body.
     */
    public static <R> BodyRead<R> failedAfter(byte[] arrived, Throwable failure) {
      return new BodyRead<>(Objects.requireNonNull(arrived, "arrived"),
          Objects.requireNonNull(failure, "failure"), null);
    }

    /**
     * Returns a body larger than the limit: {@code streaming} is the live response whose body
     * reads what was read and then the rest, handed to the caller that made the call.
     */
    public static <R> BodyRead<R> tooLarge(R streaming) {
      return new BodyRead<>(null, null, Objects.requireNonNull(streaming, "streaming"));
    }

    byte @Nullable [] bytes() {
      return bytes;
    }

    @Nullable Throwable failure() {
      return failure;
    }

    @Nullable R streaming() {
      return streaming;
    }
  }
}
