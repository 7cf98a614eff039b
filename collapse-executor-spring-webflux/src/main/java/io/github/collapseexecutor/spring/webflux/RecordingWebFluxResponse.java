package io.github.collapseexecutor.spring.webflux;

import io.github.collapseexecutor.http.UnsharedReason;
import io.github.collapseexecutor.http.adapter.ProducedHeaders;
import io.github.collapseexecutor.http.adapter.ProducedResponse;
import io.github.collapseexecutor.http.adapter.ResponseRecording;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import org.reactivestreams.Publisher;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferUtils;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseCookie;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.http.server.reactive.ServerHttpResponseDecorator;
import org.springframework.util.MultiValueMap;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The response of the request that runs the chain for the others. Its body is copied as it
 * passes, up to the limit, and held back; once the chain's body ends within the limit the whole
 * response is recorded, the waiting requests are answered, and then this request's own client
 * gets the held body. A body over the limit, a stream ({@code writeAndFlushWith}, or a stream's
 * content type such as {@code text/event-stream}) goes straight to its client and is not shared.
 *
 * <p>Every buffer the chain writes is released as soon as its bytes are copied; what reaches the
 * client is a buffer over the recorded bytes, so a cancelled or failed write leaves nothing held.
 * The chain's own {@code beforeCommit} actions run before the response is recorded, so that what
 * they set is shared; those of the filters before the collapse filter run when this request's
 * own response is committed, as they do for each waiting request.
 *
 * <p>When this request ends on its own while the chain runs ({@link #leave}), the chain goes on
 * for the waiting requests over a {@link DetachedResponse}, and nothing of it reaches this
 * request's own response any more, nor anything of that response the recording.
 */
final class RecordingWebFluxResponse extends ServerHttpResponseDecorator {

  private final ResponseRecording recording;
  private final Map<String, Object> attributes;
  private final OuterResponse outer;
  private final List<Supplier<? extends Mono<Void>>> commitActions = new ArrayList<>();
  private final AtomicBoolean reported = new AtomicBoolean();

  /** Whether the chain wrote its body as a stream of buffers rather than as one. */
  private volatile boolean inPieces;

  /** What the chain sets once this request ended on its own; null while it is there. */
  private volatile @Nullable DetachedResponse detached;

  /**
   * Records {@code response}, whose exchange has the {@code attributes} where Spring keeps the
   * exchange's server observation.
   */
  RecordingWebFluxResponse(
      ServerHttpResponse response, Map<String, Object> attributes, ResponseRecording recording) {
    super(response);
    this.recording = recording;
    this.attributes = attributes;
    this.outer = OuterResponse.since(response);
  }

  @Override
  public void beforeCommit(Supplier<? extends Mono<Void>> action) {
    synchronized (commitActions) {
      commitActions.add(action);
    }
  }

  @Override
  public Mono<Void> writeWith(Publisher<? extends DataBuffer> body) {
    return beforeRecording()
        .then(
            Mono.defer(
                () -> {
                  if (recording.isStream(contentType())) {
                    unrecorded(UnsharedReason.STREAM);
                    return getDelegate().writeWith(body);
                  }
                  inPieces = !(body instanceof Mono);
                  Flux<DataBuffer> held = held(Flux.from(body));
                  // a request that ended on its own gets nothing more: the held body is for the
                  // others
                  if (detached != null) {
                    return held.take(1).doOnNext(DataBufferUtils::release).then();
                  }
                  // written as the chain wrote it: the server counts the length of one buffer (a
                  // Mono)
                  // itself, and sends a stream of them (a Flux) in chunks unless it was given a
                  // length
                  return getDelegate().writeWith(inPieces ? held : held.singleOrEmpty());
                }));
  }

  @Override
  public Mono<Void> writeAndFlushWith(Publisher<? extends Publisher<? extends DataBuffer>> body) {
    // a body flushed piece by piece is a stream whatever its content type: never held back
    return beforeRecording()
        .then(Mono.fromRunnable(() -> unrecorded(UnsharedReason.STREAM)))
        .then(getDelegate().writeAndFlushWith(body));
  }

  @Override
  public Mono<Void> setComplete() {
    return ended()
        .then(Mono.defer(() -> detached != null ? Mono.empty() : getDelegate().setComplete()));
  }

  @Override
  public boolean setStatusCode(@Nullable HttpStatusCode status) {
    DetachedResponse own = detached;
    if (own == null) {
      return super.setStatusCode(status);
    }
    own.status(status);
    return true;
  }

  @Override
  public @Nullable HttpStatusCode getStatusCode() {
    DetachedResponse own = detached;
    return own == null ? super.getStatusCode() : own.status();
  }

  @Override
  public HttpHeaders getHeaders() {
    DetachedResponse own = detached;
    return own == null ? super.getHeaders() : own.headers();
  }

  @Override
  public MultiValueMap<String, ResponseCookie> getCookies() {
    DetachedResponse own = detached;
    return own == null ? super.getCookies() : own.cookies();
  }

  @Override
  public void addCookie(ResponseCookie cookie) {
    DetachedResponse own = detached;
    if (own == null) {
      super.addCookie(cookie);
    } else {
      own.cookies().add(cookie.getName(), cookie);
    }
  }

  /**
   * This request ended on its own while the chain runs (its client went away, a deadline of its
   * own passed): the chain goes on for the waiting requests over a copy of what the response
   * holds now, and stops with {@code stop} once nobody waits for it
   * ({@link ResponseRecording#leave}).
   */
  void leave(Runnable stop) {
    detached = DetachedResponse.of(getDelegate());
    recording.leave(stop);
  }

  /**
   * Records the response with an empty body if the chain ended without writing one: the server
   * completes this request's own response after the chain, as without the filter.
   */
  Mono<Void> ended() {
    return beforeRecording().then(Mono.fromRunnable(() -> record(new byte[0])));
  }

  /** Copies the body up to the limit; on the limit, lets it through; at its end, records it. */
  private Flux<DataBuffer> held(Flux<? extends DataBuffer> body) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    AtomicBoolean through = new AtomicBoolean();
    int limit = recording.maxBodyBytes();
    Flux<DataBuffer> copied =
        body.handle(
            (buffer, sink) -> {
              if (through.get()) {
                sink.next(buffer);
                return;
              }
              if (bytes.size() + (long) buffer.readableByteCount() <= limit) {
                try {
                  copy(buffer, bytes);
                } finally {
                  DataBufferUtils.release(buffer);
                }
                return;
              }
              through.set(true);
              unrecorded(UnsharedReason.TOO_LARGE);
              DataBuffer start = bufferFactory().wrap(bytes.toByteArray());
              sink.next(bufferFactory().join(List.of(start, buffer)));
            });
    return copied
        .concatWith(
            Mono.defer(
                () -> {
                  if (through.get()) {
                    return Mono.empty();
                  }
                  byte[] whole = bytes.toByteArray();
                  record(whole);
                  return whole.length == 0 ? Mono.empty() : Mono.just(bufferFactory().wrap(whole));
                }))
        .doOnDiscard(DataBuffer.class, DataBufferUtils::release);
  }

  private static void copy(DataBuffer buffer, ByteArrayOutputStream into) {
    byte[] chunk = new byte[buffer.readableByteCount()];
    buffer.read(chunk);
    into.write(chunk, 0, chunk.length);
  }

  /** Runs the chain's own commit actions, once, before the response is recorded or let through. */
  private Mono<Void> beforeRecording() {
    return Mono.defer(
        () -> {
          List<Supplier<? extends Mono<Void>>> actions;
          synchronized (commitActions) {
            actions = List.copyOf(commitActions);
            commitActions.clear();
          }
          return Flux.fromIterable(actions).concatMap(Supplier::get).then();
        });
  }

  private void record(byte[] body) {
    DetachedResponse own = detached;
    if (own != null && own.missedBy(getDelegate())) {
      // the chain set something on the response of this request as it left: the copy lacks it
      unrecorded(UnsharedReason.LEADER_FAILED);
      return;
    }
    if (reported.compareAndSet(false, true)) {
      HttpStatusCode status = getStatusCode();
      // this response's headers: the detached ones once this request ended on its own
      ProducedHeaders.Produced headers = outer.produced(this);
      // WebFlux has nothing to reset, nor a writer; nothing else of its own for a replay to do
      recording.recorded(
          status == null ? 200 : status.value(),
          headers.headers(),
          body,
          ProducedResponse.builder(headers)
              .inPieces(inPieces)
              .pathPattern(ServerObservations.pathPattern(attributes))
              .error(ServerObservations.error(attributes))
              .build());
    }
  }

  private void unrecorded(UnsharedReason reason) {
    if (reported.compareAndSet(false, true)) {
      recording.notRecorded(reason);
    }
  }

  private @Nullable String contentType() {
    MediaType type = getHeaders().getContentType();
    return type == null ? null : type.toString();
  }
}
