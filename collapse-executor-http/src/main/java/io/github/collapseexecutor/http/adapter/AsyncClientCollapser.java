package io.github.collapseexecutor.http.adapter;

import io.github.collapseexecutor.core.Incubating;
import io.github.collapseexecutor.http.CollapseKey;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.http.RequestTarget;
import java.util.concurrent.CompletableFuture;
import org.jspecify.annotations.Nullable;

/**
 * Collapses the calls of a non-blocking HTTP client (WebClient): the first of a set of identical
 * requests starts the call and buffers the response as it arrives, the others wait for it without
 * holding a thread, and each gets a response object of its own, or the shared failure, through
 * its own future. An adapter describes the request ({@link RequestTarget}) and translates its
 * client's response ({@link ClientDriver.Async}); everything else happens here.
 *
 * <pre>{@code
 * public Mono<ClientResponse> filter(ClientRequest request, ExchangeFunction next) {
 *   RequestHeaders headers = ...;                          // the request's, as the key sees them
 *   RequestTarget target = RequestTarget.builder(request.method().name(), request.url())
 *       .headers(headers).build();
 *   // one future per subscription; cancelling the subscription cancels it: that caller leaves
 *   return Mono.deferContextual(context -> Mono.fromFuture(
 *       collapser.execute(target, new WebClientDriver(request, next, context)), false));
 * }
 * }</pre>
 *
 * <p>What each caller gets is what {@link BlockingClientCollapser} describes, through its future:
 * its own copy of a shared response, the live response of the call it made (one that may not be
 * shared, or whose body is larger than {@link HttpCollapseOptions#maxBodyBytes()}, read as it
 * arrives), the failure of the shared call, or, after the wait timeout, the response of its own
 * call. When its own deadline ({@link ClientDriver#ownWaitLimitNanos()}) ends first, its
 * future fails with {@link ClientDriver.Async#ownLimitReached()}; when its read timeout,
 * shorter than that of the caller that started the call, does, with
 * {@link ClientDriver.Async#readTimeoutReached()}. A call that failed because of the caller that
 * started it (its own read timeout, say: {@link ClientDriver#causeOf}) is taken over by the
 * callers whose limit is longer, as {@link BlockingClientCollapser} describes.
 *
 * <p>A caller that cancels its future leaves alone: the shared call goes on for the others, and it
 * is cancelled ({@link ClientDriver.Async#send()}'s future, or the body being read) only when
 * every caller has left. A live response that arrives for a caller that left is released.
 *
 * <p>The wait timeout is timed by the JDK's timer of {@link CompletableFuture}: a caller whose wait
 * ends there starts its own call from that timer's thread, which is why no method of an async driver
 * may block.
 */
@Incubating
public final class AsyncClientCollapser extends HttpCollapser {

  /**
   * Creates a collapser with its own collapse executor, named {@link HttpCollapseOptions#name()}
   * or else {@code defaultName} (the adapter's {@code DEFAULT_NAME}).
   */
  public AsyncClientCollapser(HttpCollapseOptions options, String defaultName) {
    super(options, defaultName);
  }

  /**
   * Sends {@code request} through {@code driver}, or joins the call in progress for an equal key,
   * and returns the caller's own future of its response. A request that does not collapse, or
   * one with a body, goes through untouched: {@link ClientDriver.Async#send()} at once. Call it
   * when the caller asks for the response (when it subscribes, for a lazy client). A write
   * ({@link #isWrite}) is counted once its response arrived, before the caller's future
   * completes: a request sent after that never joins a call that started before.
   *
   * @return the caller's future: it completes with the caller's response (or {@code null} if the
   *     client gave none) or fails as its call failed; cancel it to leave
   */
  public <R> CompletableFuture<R> execute(RequestTarget request, ClientDriver.Async<R> driver) {
    if (!isWrite(request.method())) {
      return execute(rules().keyFor(request), request, driver);
    }
    return countedWhenDone(execute(null, request, driver), rules().groupOf(request));
  }

  /**
   * Returns the caller's future of a write's {@code call}, which completes only once the write
   * was counted ({@link #written}), by the tier across instances too: the caller's own stages, which may
   * send a read, run after that. Cancelling it cancels {@code call}.
   */
  // the callback handles both outcomes: the stage whenComplete returns holds nothing more
  @SuppressWarnings("FutureReturnValueIgnored")
  private <R> CompletableFuture<R> countedWhenDone(CompletableFuture<R> call, int group) {
    CompletableFuture<R> caller =
        new CompletableFuture<>() {
          @Override
          public boolean cancel(boolean mayInterruptIfRunning) {
            call.cancel(mayInterruptIfRunning);
            return super.cancel(mayInterruptIfRunning);
          }
        };
    call.whenComplete(
        (response, failure) ->
            protocol()
                .written(group)
                .whenComplete(
                    (counted, never) -> {
                      if (failure != null) {
                        caller.completeExceptionally(failure);
                      } else {
                        caller.complete(response);
                      }
                    }));
    return caller;
  }

  /**
   * Starts {@code request} with the given key through {@code driver}, or joins the call in
   * progress for an equal key; a {@code null} key, or a request with a body, goes through
   * untouched.
   */
  private <R> CompletableFuture<R> execute(
      @Nullable CollapseKey key, RequestTarget request, ClientDriver.Async<R> driver) {
    AsyncCall<R> call = new AsyncCall<>(driver);
    call.take(
        request.hasBody()
            ? protocol().passWithBody(key, driver.observation())
            : protocol()
                .join(key, request.headers(), driver.observation(), OwnLimits.of(key, driver)));
    return call.result();
  }
}
