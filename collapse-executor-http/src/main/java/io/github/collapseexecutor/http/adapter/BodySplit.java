package io.github.collapseexecutor.http.adapter;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Flow;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * Reads the body of a live response of an {@link ClientDriver.Async} up to a limit, one item at a
 * time: all of it (or all that arrived before it failed, with the failure), or, past the limit, a
 * response whose body replays what was read and then streams the rest with its subscriber's own
 * demand, so that a large body is never held whole. The blocking twin is {@link BoundedBody}.
 *
 * @param <R> the client library's response type
 */
final class BodySplit<R> implements Flow.Subscriber<List<ByteBuffer>> {

  /** A subscriber that cancels at once: it releases a body nobody reads. */
  static final Flow.Subscriber<List<ByteBuffer>> CANCEL_AT_ONCE =
      new Flow.Subscriber<>() {
        @Override
        public void onSubscribe(Flow.Subscription subscription) {
          subscription.cancel();
        }

        @Override
        public void onNext(List<ByteBuffer> item) {}

        @Override
        public void onError(Throwable failure) {}

        @Override
        public void onComplete() {}
      };

  private final Function<Flow.Publisher<List<ByteBuffer>>, R> rebody;
  private final int limit;
  private final CompletableFuture<BodyRead<R>> result = new CompletableFuture<>();
  private final List<ByteBuffer> read = new ArrayList<>();
  private long size;
  private Flow.@Nullable Subscription subscription;
  private @Nullable RestPublisher rest;

  private BodySplit(Function<Flow.Publisher<List<ByteBuffer>>, R> rebody, int limit) {
    this.rebody = rebody;
    this.limit = limit;
  }

  /**
   * Starts reading {@code body}; cancelling the future stops the read. Past the limit, the result
   * is what {@code rebody} makes of the body that replays what was read and then the rest.
   */
  static <R> CompletableFuture<BodyRead<R>> read(
      Flow.Publisher<List<ByteBuffer>> body,
      int limit,
      Function<Flow.Publisher<List<ByteBuffer>>, R> rebody) {
    BodySplit<R> split = new BodySplit<>(rebody, limit);
    body.subscribe(split);
    return split.result;
  }

  @Override
  // the callback only passes a cancellation on: the stage whenComplete returns holds nothing more
  @SuppressWarnings("FutureReturnValueIgnored")
  public void onSubscribe(Flow.Subscription subscription) {
    this.subscription = subscription;
    result.whenComplete(
        (body, failure) -> {
          if (result.isCancelled()) {
            subscription.cancel();
          }
        });
    subscription.request(1);
  }

  @Override
  public void onNext(List<ByteBuffer> item) {
    if (rest != null) {
      rest.next(item);
      return;
    }
    for (ByteBuffer buffer : item) {
      size += buffer.remaining();
      read.add(buffer);
    }
    if (size > limit) {
      rest = new RestPublisher(List.copyOf(read), subscription());
      read.clear();
      result.complete(BodyRead.tooLarge(rebody.apply(rest)));
    } else {
      subscription().request(1);
    }
  }

  /** The upstream subscription, which a publisher gives before any item. */
  private Flow.Subscription subscription() {
    return Objects.requireNonNull(subscription, "onNext before onSubscribe");
  }

  @Override
  public void onError(Throwable failure) {
    if (rest != null) {
      rest.end(failure);
    } else {
      result.complete(BodyRead.failedAfter(bytes(), failure));
    }
  }

  @Override
  public void onComplete() {
    if (rest != null) {
      rest.end(null);
    } else {
      result.complete(BodyRead.whole(bytes()));
    }
  }

  private byte[] bytes() {
    byte[] bytes = new byte[(int) size];
    int at = 0;
    for (ByteBuffer buffer : read) {
      int length = buffer.remaining();
      buffer.get(bytes, at, length);
      at += length;
    }
    read.clear();
    return bytes;
  }

  /**
   * The body of a response too large to share, for the one subscriber of the caller that made
   * the call: what was read as its first item, then the live body as its subscriber asks for it.
   */
  private static final class RestPublisher implements Flow.Publisher<List<ByteBuffer>> {

    private final Flow.Subscription upstream;
    private @Nullable List<ByteBuffer> prefix;
    private Flow.@Nullable Subscriber<? super List<ByteBuffer>> downstream;
    private boolean ended;
    private @Nullable Throwable failure;

    RestPublisher(List<ByteBuffer> prefix, Flow.Subscription upstream) {
      this.prefix = prefix;
      this.upstream = upstream;
    }

    @Override
    public synchronized void subscribe(Flow.Subscriber<? super List<ByteBuffer>> subscriber) {
      if (downstream != null) {
        subscriber.onSubscribe(
            new Flow.Subscription() {
              @Override
              public void request(long n) {}

              @Override
              public void cancel() {}
            });
        subscriber.onError(new IllegalStateException("the body has a subscriber already"));
        return;
      }
      downstream = subscriber;
      subscriber.onSubscribe(
          new Flow.Subscription() {
            @Override
            public void request(long n) {
              demand(n);
            }

            @Override
            public void cancel() {
              upstream.cancel();
            }
          });
    }

    private synchronized void demand(long n) {
      List<ByteBuffer> first = prefix;
      if (first == null || n <= 0) {
        upstream.request(n);
        return;
      }
      prefix = null;
      subscriber().onNext(first);
      if (ended) {
        signalEnd();
      } else if (n > 1) {
        upstream.request(n == Long.MAX_VALUE ? n : n - 1);
      }
    }

    synchronized void next(List<ByteBuffer> item) {
      subscriber().onNext(item);
    }

    synchronized void end(@Nullable Throwable failure) {
      this.ended = true;
      this.failure = failure;
      // an end that comes before the subscriber took what was read waits for its demand
      if (downstream != null && prefix == null) {
        signalEnd();
      }
    }

    private void signalEnd() {
      if (failure != null) {
        subscriber().onError(failure);
      } else {
        subscriber().onComplete();
      }
    }

    /** The subscriber, there before anything reaches it: only its demand asks for more. */
    private Flow.Subscriber<? super List<ByteBuffer>> subscriber() {
      return Objects.requireNonNull(downstream, "downstream");
    }
  }
}
