package io.github.collapseexecutor.jdk.httpclient;

import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A body handler that gives up on a body when no bytes arrived for a while: the JDK's client
 * times a request only until its headers, so an application that must not hang on a stalled body
 * reads it with a handler like this one, and the tests give the plain and the collapsing client
 * the same.
 */
final class ReadTimeout<T> implements HttpResponse.BodyHandler<T> {

  private final HttpResponse.BodyHandler<T> handler;
  private final long idleNanos;

  ReadTimeout(HttpResponse.BodyHandler<T> handler, java.time.Duration idle) {
    this.handler = handler;
    this.idleNanos = idle.toNanos();
  }

  @Override
  public HttpResponse.BodySubscriber<T> apply(HttpResponse.ResponseInfo info) {
    HttpResponse.BodySubscriber<T> body = handler.apply(info);
    CompletableFuture<T> result = new CompletableFuture<>();
    body.getBody()
        .whenComplete(
            (value, failure) -> {
              if (failure != null) {
                result.completeExceptionally(failure);
              } else {
                result.complete(value);
              }
            });
    AtomicLong items = new AtomicLong();
    return new HttpResponse.BodySubscriber<>() {
      @Override
      public CompletionStage<T> getBody() {
        return result;
      }

      @Override
      public void onSubscribe(Flow.Subscription subscription) {
        body.onSubscribe(subscription);
        watch(subscription, items.get());
      }

      private void watch(Flow.Subscription subscription, long seen) {
        Executor later = CompletableFuture.delayedExecutor(idleNanos, TimeUnit.NANOSECONDS);
        later.execute(
            () -> {
              if (result.isDone()) {
                return;
              }
              if (items.get() == seen) {
                // the body fails first: JDK 25's client fails a call whose body subscription was
                // cancelled with an IOException of its own, if that comes first
                result.completeExceptionally(new HttpTimeoutException("read timed out"));
                subscription.cancel();
              } else {
                watch(subscription, items.get());
              }
            });
      }

      @Override
      public void onNext(List<ByteBuffer> item) {
        items.incrementAndGet();
        body.onNext(item);
      }

      @Override
      public void onError(Throwable failure) {
        body.onError(failure);
      }

      @Override
      public void onComplete() {
        body.onComplete();
      }
    };
  }
}
