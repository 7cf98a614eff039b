package io.github.collapseexecutor.http.adapter;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeoutException;

/**
 * The {@link ClientDriver} of a client whose callers get a future (the JDK's
 * {@code HttpClient}, WebClient through a bridge): send, head, body as a
 * {@link Flow.Publisher}, rebody, replay. No method may block: they run on the client's threads,
 * on the thread that completes a shared call, or on the wait timer's.
 *
 * <pre>{@code
 * record JdkDriver(HttpClient client, HttpRequest request)
 *     implements AsyncClientDriver<HttpResponse<Flow.Publisher<List<ByteBuffer>>>> {
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
public non-sealed interface AsyncClientDriver<R> extends ClientDriver<R> {

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
    return new TimeoutException("timeout");
  }

  /**
   * Returns the failure this caller gets when its read timeout ({@link #readTimeoutNanos()}) ends
   * its wait before the shared response arrived. {@link #ownLimitReached()} by default.
   */
  default Throwable readTimeoutReached() {
    return ownLimitReached();
  }
}
