package io.github.collapseexecutor.jdk.httpclient;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.Flow;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jspecify.annotations.Nullable;

/**
 * The body of a replayed response: the shared bytes as one item, then the end of the body or the
 * failure that ended it, for one subscriber, the caller's own {@code BodySubscriber}.
 */
final class BytesPublisher implements Flow.Publisher<List<ByteBuffer>> {

  private final ByteBuffer bytes;
  private final @Nullable Throwable failure;

  BytesPublisher(ByteBuffer bytes, @Nullable Throwable failure) {
    this.bytes = bytes;
    this.failure = failure;
  }

  @Override
  public void subscribe(Flow.Subscriber<? super List<ByteBuffer>> subscriber) {
    AtomicBoolean done = new AtomicBoolean();
    subscriber.onSubscribe(
        new Flow.Subscription() {
          @Override
          public void request(long n) {
            // the first demand takes everything; a subscriber that asks again from onNext gets no
            // more
            if (!done.compareAndSet(false, true)) {
              return;
            }
            if (n <= 0) {
              subscriber.onError(new IllegalArgumentException("demand must be positive: " + n));
              return;
            }
            if (bytes.hasRemaining()) {
              subscriber.onNext(List.of(bytes));
            }
            if (failure != null) {
              subscriber.onError(failure);
            } else {
              subscriber.onComplete();
            }
          }

          @Override
          public void cancel() {
            done.set(true);
          }
        });
  }
}
