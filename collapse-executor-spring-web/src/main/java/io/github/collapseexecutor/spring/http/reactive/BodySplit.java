package io.github.collapseexecutor.spring.http.reactive;

import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.reactivestreams.Subscription;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferUtils;
import reactor.core.publisher.BaseSubscriber;
import reactor.core.publisher.Flux;
import reactor.core.publisher.FluxSink;
import reactor.core.publisher.Mono;
import reactor.core.publisher.MonoSink;

/**
 * Reads a body up to a limit: either all of it, copied into an array with every buffer released
 * (or all that arrived before the body failed, with the failure), or, past the limit, a body flux
 * that replays what was read and then streams the rest with the downstream's own demand, so a
 * large body is never held in memory.
 */
final class BodySplit extends BaseSubscriber<DataBuffer> {

  /**
   * The outcome: {@code bytes} when the body fit, and {@code failure} if it ended in one after
   * them; otherwise {@code body} to stream.
   */
  record Result(byte @Nullable [] bytes, @Nullable Throwable failure,
      @Nullable Flux<DataBuffer> body) {}

  private final MonoSink<Result> sink;
  private final int limit;
  private final List<DataBuffer> prefix = new ArrayList<>();
  private long size;
  private boolean decided;
  private @Nullable FluxSink<DataBuffer> rest;
  private @Nullable Throwable restFailure;
  private boolean restDone;

  private BodySplit(MonoSink<Result> sink, int limit) {
    this.sink = sink;
    this.limit = limit;
  }

  static Mono<Result> read(Flux<DataBuffer> body, int limit) {
    return Mono.create(sink -> {
      BodySplit split = new BodySplit(sink, limit);
      sink.onCancel(split::abort);
      body.subscribe(split);
    });
  }

  @Override
  protected void hookOnSubscribe(Subscription subscription) {
    request(1);
  }

  @Override
  protected void hookOnNext(DataBuffer buffer) {
    FluxSink<DataBuffer> target;
    boolean overflow = false;
    synchronized (this) {
      if (!decided) {
        prefix.add(buffer);
        size += buffer.readableByteCount();
        if (size <= limit) {
          request(1);
          return;
        }
        decided = true;
        overflow = true;
      }
      target = rest;
    }
    if (overflow) {
      sink.success(new Result(null, null, streaming()));
    } else if (target != null) {
      target.next(buffer);
    } else {
      // aborted: nobody will read it
      DataBufferUtils.release(buffer);
    }
  }

  @Override
  protected void hookOnComplete() {
    FluxSink<DataBuffer> target;
    synchronized (this) {
      if (!decided) {
        decided = true;
        sink.success(new Result(join(), null, null));
        return;
      }
      restDone = true;
      target = rest;
    }
    if (target != null) {
      target.complete();
    }
  }

  @Override
  protected void hookOnError(Throwable failure) {
    FluxSink<DataBuffer> target;
    synchronized (this) {
      if (!decided) {
        decided = true;
        // what arrived, then the failure: each caller fails where it reads the body
        sink.success(new Result(join(), failure, null));
        return;
      }
      restFailure = failure;
      restDone = true;
      target = rest;
    }
    if (target != null) {
      target.error(failure);
    }
  }

  private Flux<DataBuffer> streaming() {
    List<DataBuffer> read;
    synchronized (this) {
      read = new ArrayList<>(prefix);
      prefix.clear();
    }
    Flux<DataBuffer> remainder = Flux.create(this::attach, FluxSink.OverflowStrategy.BUFFER);
    return Flux.fromIterable(read)
        .concatWith(remainder)
        .doOnCancel(this::cancel)
        .doOnDiscard(DataBuffer.class, DataBufferUtils::release);
  }

  private void attach(FluxSink<DataBuffer> downstream) {
    boolean done;
    Throwable failure;
    synchronized (this) {
      rest = downstream;
      done = restDone;
      failure = restFailure;
    }
    if (failure != null) {
      downstream.error(failure);
    } else if (done) {
      downstream.complete();
    } else {
      downstream.onRequest(this::request);
      downstream.onCancel(this::cancel);
    }
  }

  private void abort() {
    cancel();
    synchronized (this) {
      decided = true;
      releasePrefix();
    }
  }

  private byte[] join() {
    byte[] bytes = new byte[(int) size];
    int offset = 0;
    for (DataBuffer buffer : prefix) {
      int n = buffer.readableByteCount();
      buffer.read(bytes, offset, n);
      offset += n;
    }
    releasePrefix();
    return bytes;
  }

  private void releasePrefix() {
    prefix.forEach(DataBufferUtils::release);
    prefix.clear();
  }
}
