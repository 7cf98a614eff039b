package io.github.collapseexecutor.spring.http.reactive;

import io.github.collapseexecutor.http.CollapseKey;
import io.github.collapseexecutor.http.CollapseRules;
import io.github.collapseexecutor.http.adapter.ClientDriver;
import io.github.collapseexecutor.http.adapter.ClientDriver.FailureCause;
import io.github.collapseexecutor.http.adapter.DetailCodec;
import io.github.collapseexecutor.http.adapter.HeaderLists;
import io.github.collapseexecutor.http.adapter.SharedResponse;
import java.io.DataInput;
import java.io.DataOutput;
import java.net.URI;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Flow;
import java.util.concurrent.atomic.AtomicReference;
import org.jspecify.annotations.Nullable;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferUtils;
import org.springframework.core.io.buffer.DefaultDataBufferFactory;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpRequest;
import org.springframework.http.HttpStatusCode;
import org.springframework.web.reactive.function.client.ClientRequest;
import org.springframework.web.reactive.function.client.ClientResponse;
import org.springframework.web.reactive.function.client.ExchangeFunction;
import org.springframework.web.reactive.function.client.ExchangeStrategies;
import reactor.adapter.JdkFlowAdapter;
import reactor.core.publisher.Flux;
import reactor.util.context.ContextView;

/**
 * One subscription to a WebClient exchange, and its {@link ClientResponse}, in the terms of the
 * collapser. The exchange runs in the subscriber's Reactor context, as it would without collapse,
 * so that the filters after this one and the connector see it.
 *
 * @param key the request's key, for {@link #sentAsKeyed}
 * @param rules the rules that built it
 * @param partition the filter's part of the key
 * @param context the subscriber's Reactor context
 * @param observation the exchange's observation, from that context, or {@code null}
 * @param strategies the exchange strategies of the partition's last live response, for the
 *     replay of another instance's
 */
record WebClientDriver(
    ClientRequest request,
    ExchangeFunction next,
    @Nullable CollapseKey key,
    CollapseRules rules,
    Partition partition,
    ContextView context,
    @Nullable Object observation,
    AtomicReference<@Nullable ExchangeStrategies> strategies)
    implements ClientDriver.Async<ClientResponse> {

  @Override
  public CompletableFuture<ClientResponse> send() {
    return next.exchange(request).contextWrite(context).toFuture();
  }

  /** The head, with the exchange strategies a replay decodes its body with; no reason phrase. */
  @Override
  public Head head(ClientResponse response) {
    strategies.set(response.strategies());
    return new Head(
        response.statusCode().value(),
        null,
        HeaderLists.of(response.headers().asHttpHeaders()::forEach),
        response.strategies());
  }

  /**
   * The body as byte buffers of its own: each data buffer is copied and released as it arrives,
   * so that what the collapser holds is never a pooled buffer.
   */
  @Override
  public Flow.Publisher<List<ByteBuffer>> body(ClientResponse response) {
    return JdkFlowAdapter.publisherToFlowPublisher(
        response
            .bodyToFlux(DataBuffer.class)
            .map(WebClientDriver::copied)
            .doOnDiscard(DataBuffer.class, DataBufferUtils::release));
  }

  @Override
  public ClientResponse withBody(ClientResponse response, Flow.Publisher<List<ByteBuffer>> body) {
    Flux<DataBuffer> buffers =
        JdkFlowAdapter.flowPublisherToFlux(body)
            .concatMapIterable(items -> items)
            .map(DefaultDataBufferFactory.sharedInstance::wrap);
    // the original body is the one the collapser read the start of: the caller reads on from it
    return response.mutate().body(original -> buffers).build();
  }

  @Override
  public void release(ClientResponse response) {
    response.releaseBody().subscribe();
  }

  @Override
  public @Nullable Object observation() {
    return observation;
  }

  /** A filter after this one gave the request a credential the key did not see. */
  @Override
  public boolean sentAsKeyed(ClientResponse response) {
    return key == null || KeyedClientRequest.sentAsKeyed(rules, key, request, partition, response);
  }

  /**
   * The response timeout the request sets through an {@code httpRequest} consumer it declares
   * harmless, when the connector is Reactor Netty's ({@link ResponseTimeouts}).
   */
  @Override
  public long readTimeoutNanos() {
    return ResponseTimeouts.of(request);
  }

  /** A response timeout is the caller's own: another caller's may be longer. */
  @Override
  public FailureCause causeOf(Throwable failure) {
    return ResponseTimeouts.isResponseTimeout(failure)
        ? FailureCause.CALLER_READ_TIMEOUT
        : FailureCause.CALL;
  }

  /** What WebClient signals when a response timeout ends the request, as without collapse. */
  @Override
  public Throwable readTimeoutReached() {
    return ResponseTimeouts.reached(request);
  }

  /**
   * Nothing of the exchange strategies travels, as they are this client's: another instance
   * decodes the body with those of the last live response of its own partition of the name, as
   * a local replay takes those of the response it shares; none seen yet there, and the caller
   * makes its own call.
   */
  @Override
  public DetailCodec<ExchangeStrategies> detailCodec() {
    return new DetailCodec<>() {
      @Override
      public void write(ExchangeStrategies detail, DataOutput out) {
        // nothing: see above
      }

      @Override
      public ExchangeStrategies read(DataInput in) {
        ExchangeStrategies seen = strategies.get();
        if (seen == null) {
          throw new IllegalArgumentException("no exchange strategies of this client seen yet");
        }
        return seen;
      }
    };
  }

  @Override
  public ClientResponse replay(SharedResponse shared) {
    Flux<DataBuffer> bytes =
        shared.bodyLength() == 0
            ? Flux.empty()
            : Flux.defer(
                () -> Flux.just(DefaultDataBufferFactory.sharedInstance.wrap(shared.bodyBuffer())));
    // a body that failed fails each caller's read with the same error, as its own exchange would
    Flux<DataBuffer> body =
        shared.bodyFailure() == null ? bytes : bytes.concatWith(Flux.error(shared.bodyFailure()));
    return ClientResponse
        // what head() kept of the response this driver's call shared
        .create(
            HttpStatusCode.valueOf(shared.status()),
            (ExchangeStrategies) Objects.requireNonNull(shared.detail(), "detail"))
        .headers(
            headers ->
                shared.headers().forEach(header -> headers.add(header.getKey(), header.getValue())))
        .request(new RequestView(request))
        .body(body)
        .build();
  }

  private static List<ByteBuffer> copied(DataBuffer buffer) {
    try {
      byte[] bytes = new byte[buffer.readableByteCount()];
      buffer.read(bytes);
      return List.of(ByteBuffer.wrap(bytes));
    } finally {
      DataBufferUtils.release(buffer);
    }
  }

  /** The caller's own request, as the response reports it in errors. */
  private record RequestView(ClientRequest request) implements HttpRequest {

    @Override
    public HttpMethod getMethod() {
      return request.method();
    }

    @Override
    public URI getURI() {
      return request.url();
    }

    @Override
    public Map<String, Object> getAttributes() {
      return request.attributes();
    }

    @Override
    public HttpHeaders getHeaders() {
      return request.headers();
    }
  }
}
