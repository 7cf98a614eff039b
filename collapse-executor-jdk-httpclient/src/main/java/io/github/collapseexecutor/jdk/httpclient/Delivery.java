package io.github.collapseexecutor.jdk.httpclient;

import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Flow;

/**
 * Hands a caller the response its turn in the collapse gave it, through the caller's own
 * {@code BodyHandler}: the handler sees the status and headers, and its subscriber gets the body
 * (the shared bytes, or the live body of the caller's own call), so that callers with different
 * handlers share one call. The caller's future completes when its subscriber's body does, as the
 * JDK's client completes it.
 */
final class Delivery {

  private record Info(int statusCode, HttpHeaders headers, HttpClient.Version version)
      implements HttpResponse.ResponseInfo {}

  private Delivery() {}

  /**
   * Returns the caller's future of its response: {@code turn}'s response through
   * {@code handler}, or {@code turn}'s failure; cancelling it cancels the turn, and so leaves the
   * collapse. {@code deadline} bounds the wait for the turn's response.
   */
  // the callbacks handle both outcomes: the stages whenComplete returns hold nothing more
  @SuppressWarnings("FutureReturnValueIgnored")
  static <T> CompletableFuture<HttpResponse<T>> of(
      HttpRequest request,
      HttpResponse.BodyHandler<T> handler,
      JdkDriver driver,
      CompletableFuture<HttpResponse<Flow.Publisher<List<ByteBuffer>>>> turn) {
    CompletableFuture<HttpResponse<T>> mine = new CompletableFuture<>();
    mine.whenComplete(
        (response, failure) -> {
          if (mine.isCancelled()) {
            turn.cancel(/* mayInterruptIfRunning= */ false);
          }
        });
    driver.deadline().bound(mine, turn);
    turn.whenComplete(
        (raw, failure) -> {
          if (failure != null) {
            mine.completeExceptionally(JdkDriver.unwrap(failure));
          } else if (mine.isDone()) {
            // the caller left, or its timeout ended, as the response arrived
            driver.release(raw);
          } else {
            deliver(raw, request, handler, driver, mine);
          }
        });
    return mine;
  }

  private static <T> void deliver(
      HttpResponse<Flow.Publisher<List<ByteBuffer>>> raw,
      HttpRequest request,
      HttpResponse.BodyHandler<T> handler,
      JdkDriver driver,
      CompletableFuture<HttpResponse<T>> mine) {
    HttpResponse.BodySubscriber<T> subscriber;
    try {
      subscriber = handler.apply(new Info(raw.statusCode(), raw.headers(), raw.version()));
    } catch (RuntimeException | Error failure) {
      driver.release(raw);
      mine.completeExceptionally(failure);
      return;
    }
    raw.body().subscribe(subscriber);
    subscriber
        .getBody()
        .whenComplete(
            (body, failure) -> {
              if (failure != null) {
                mine.completeExceptionally(JdkDriver.unwrap(failure));
              } else {
                mine.complete(CallerResponse.of(raw, body, request, driver.outgoing()));
              }
            });
  }
}
