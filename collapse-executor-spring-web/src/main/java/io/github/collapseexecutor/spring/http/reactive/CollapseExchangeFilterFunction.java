package io.github.collapseexecutor.spring.http.reactive;

import io.github.collapseexecutor.http.CollapseKey;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.http.HttpCollapseStats;
import io.github.collapseexecutor.http.RequestHeaders;
import io.github.collapseexecutor.http.UnsharedReason;
import io.github.collapseexecutor.http.adapter.CollapseProtocol;
import io.github.collapseexecutor.http.adapter.HeaderLists;
import io.github.collapseexecutor.http.adapter.ResponseSnapshot;
import io.micrometer.observation.contextpropagation.ObservationThreadLocalAccessor;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.jspecify.annotations.Nullable;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DefaultDataBufferFactory;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpRequest;
import org.springframework.http.HttpStatusCode;
import org.springframework.web.reactive.function.client.ClientRequest;
import org.springframework.web.reactive.function.client.ClientResponse;
import org.springframework.web.reactive.function.client.ExchangeFilterFunction;
import org.springframework.web.reactive.function.client.ExchangeFunction;
import org.springframework.web.reactive.function.client.ExchangeStrategies;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Collapses concurrent identical GET and HEAD exchanges of a {@code WebClient} into one.
 *
 * <pre>{@code
 * WebClient client = WebClient.builder()
 *     .filter(new CollapseExchangeFilterFunction(options))   // add it last
 *     .build();
 * }</pre>
 *
 * <p>Collapse happens when a caller subscribes, not when it builds the request: a caller joins the
 * exchange in progress for an equal key at the moment it subscribes. Each subscriber gets its own
 * {@link ClientResponse} with its own copy of the body, which it must consume or release as usual.
 * A subscriber that cancels leaves alone; the shared exchange is cancelled only when every
 * subscriber has left. Buffers of a shared body are copied into one array and released at once, so
 * replayed responses hold no pooled memory.
 *
 * <p>A response that may not be shared (see {@code docs/http.md}) or whose body is larger than
 * {@link HttpCollapseOptions#maxBodyBytes()} goes, streaming, to the subscriber whose exchange it
 * is; the others run their own exchange. A failed exchange fails every subscriber that shared it
 * with the same error. A subscriber that waited {@link HttpCollapseOptions#waitTimeout()} for
 * another's exchange stops waiting and runs its own, as if collapse were off; the exchange it left
 * goes on for the others.
 *
 * <p>A request with a body (a GET may carry one) never collapses: no key holds the body.
 *
 * <p>Add it as the last filter, so its key sees the headers earlier filters add.
 *
 * <p>The connector runs below the filter, and what it decides is not seen: its TLS settings (a
 * client certificate, which a server that authenticates clients by certificate answers per), its
 * proxy, and the headers it adds. So one instance added to two clients shares responses across
 * them, as if their connectors were the same. Give each client whose connector differs a
 * {@linkplain #newPartition() partition} of its own; the auto-configuration does so for every
 * builder and client it adds collapse to.
 *
 * <pre>{@code
 * WebClient alice = WebClient.builder().clientConnector(aliceCertificate)
 *     .filter(collapse.newPartition()).build();
 * }</pre>
 */
public final class CollapseExchangeFilterFunction implements ExchangeFilterFunction, AutoCloseable {

  /**
   * The name of the collapse executor when the options have none: the name that listener
   * reports, meters, the actuator endpoint and the log show. The auto-configuration names its
   * filter so too.
   */
  public static final String DEFAULT_NAME = "web-client";

  private final CollapseProtocol protocol;

  /**
   * Creates a filter with its own collapse executor, named {@link HttpCollapseOptions#name()}
   * or else {@link #DEFAULT_NAME}.
   */
  public CollapseExchangeFilterFunction(HttpCollapseOptions options) {
    this(new CollapseProtocol(options, DEFAULT_NAME));
  }

  private CollapseExchangeFilterFunction(CollapseProtocol protocol) {
    this.protocol = protocol;
  }

  /**
   * Returns a new filter for one more client: it collapses with this filter's executor, settings
   * and counters ({@link #stats()} returns the same), so it adds no executor, meter or endpoint
   * entry, but its exchanges share responses with no other partition's, nor with this filter's.
   */
  public CollapseExchangeFilterFunction newPartition() {
    return new CollapseExchangeFilterFunction(protocol);
  }

  /** Returns the counters of this filter, which its partitions share. */
  public HttpCollapseStats stats() {
    return protocol.stats();
  }

  /**
   * Stops collapsing, for this filter and its partitions alike: exchanges in progress complete for
   * every subscriber that shares them, and later exchanges pass through untouched. Idempotent; a
   * Spring context calls it when it closes.
   */
  @Override
  public void close() {
    protocol.close();
  }

  @Override
  public Mono<ClientResponse> filter(ClientRequest request, ExchangeFunction next) {
    RequestHeaders headers = KeyedRequest.headers(request);
    CollapseKey key = protocol.rules().keyFor(request.method().name(), request.url(), headers,
        KeyedRequest.context(request, this));
    boolean body = KeyedRequest.hasBody(request);
    return Mono.deferContextual(context -> {
      // WebClient keeps the exchange's observation in the Reactor context, not on the thread
      Object observation = context.getOrDefault(ObservationThreadLocalAccessor.KEY, null);
      return ObservedExchanges.reported(take(body ? protocol.passWithBody(key, observation)
          : protocol.join(key, headers, observation), key, request, next), observation);
    });
  }

  private Mono<ClientResponse> take(CollapseProtocol.Turn turn, @Nullable CollapseKey key,
      ClientRequest request, ExchangeFunction next) {
    if (turn instanceof CollapseProtocol.Lead lead) {
      return lead(lead, key, request, next);
    }
    if (turn instanceof CollapseProtocol.Wait wait) {
      return await(wait, key, request, next);
    }
    if (turn instanceof CollapseProtocol.Replay replay) {
      return Mono.just(replay(replay.snapshot(), request));
    }
    return next.exchange(request);
  }

  private Mono<ClientResponse> lead(CollapseProtocol.Lead lead, CollapseKey key,
      ClientRequest request,
      ExchangeFunction next) {
    LeaderSlot mine = new LeaderSlot();
    CompletableFuture<Void> exchange = next.exchange(request)
        .flatMap(response -> capture(response, key, request, lead, mine))
        .toFuture();
    exchange.whenComplete((done, failure) -> {
      if (failure != null) {
        lead.fail(failure);
      } else {
        // ends the turn if the exchange completed without a response; no-op otherwise
        lead.refuse(UnsharedReason.LEADER_FAILED);
      }
    });
    lead.onAbandon(() -> exchange.cancel(/* mayInterruptIfRunning= */ false));
    return Mono.fromFuture(lead.future(), /* suppressCancel= */ false)
        .doOnCancel(mine::abandon)
        .flatMap(outcome -> {
          ClientResponse own = mine.claim();
          return own != null ? Mono.just(own) : next.exchange(request);
        });
  }

  private Mono<ClientResponse> await(CollapseProtocol.Wait wait, CollapseKey key,
      ClientRequest request, ExchangeFunction next) {
    // cancelling the wait makes this subscriber leave the exchange alone, as a cancel would
    return Mono.fromFuture(wait.future(), /* suppressCancel= */ false)
        .timeout(protocol.options().waitTimeout(), Mono.fromSupplier(wait::timedOut))
        // a waiter whose Vary values differ from the leader's may lead or wait once more
        .flatMap(outcome -> take(wait.answer(outcome), key, request, next));
  }

  private Mono<Void> capture(ClientResponse response, CollapseKey key, ClientRequest request,
      CollapseProtocol.Lead lead, LeaderSlot mine) {
    List<Map.Entry<String, @Nullable String>> headers =
        HeaderLists.of(response.headers().asHttpHeaders()::forEach);
    UnsharedReason refusal = lead.refusal(headers);
    if (refusal == null
        && !KeyedRequest.sentAsKeyed(protocol.rules(), key, request, this, response)) {
      // a filter after this one gave the request a credential the key did not see
      refusal = UnsharedReason.PRIVATE;
    }
    if (refusal != null) {
      mine.offer(response);
      lead.refuse(refusal);
      return Mono.empty();
    }
    return BodySplit.read(response.bodyToFlux(DataBuffer.class), lead.maxBodyBytes())
        .doOnNext(split -> {
          if (split.bytes() == null) {
            mine.offer(response.mutate().body(original -> split.body()).build());
            lead.refuse(UnsharedReason.TOO_LARGE);
            return;
          }
          ResponseSnapshot snapshot = new ResponseSnapshot(response.statusCode().value(), null,
              headers, split.bytes(), split.failure(), lead.request(), response.strategies());
          mine.offer(replay(snapshot, request));
          lead.share(snapshot);
        })
        .then();
  }

  private static ClientResponse replay(ResponseSnapshot snapshot, ClientRequest request) {
    Flux<DataBuffer> bytes = snapshot.bodyLength() == 0
        ? Flux.empty()
        : Flux.defer(() -> Flux.just(
            DefaultDataBufferFactory.sharedInstance.wrap(snapshot.bodyBuffer())));
    // a body that failed fails each caller's read with the same error, as its own exchange would
    Flux<DataBuffer> body = snapshot.bodyFailure() == null
        ? bytes : bytes.concatWith(Flux.error(snapshot.bodyFailure()));
    return ClientResponse
        .create(HttpStatusCode.valueOf(snapshot.status()), (ExchangeStrategies) snapshot.detail())
        .headers(headers -> snapshot.headers().forEach(
            header -> headers.add(header.getKey(), header.getValue())))
        .request(new RequestView(request))
        .body(body)
        .build();
  }

  /**
   * The response kept for the subscriber that ran the exchange. If that subscriber cancelled
   * before the response arrived, the response is released instead, so its connection is not lost.
   */
  private static final class LeaderSlot {

    private @Nullable ClientResponse response;
    private boolean abandoned;

    void offer(ClientResponse offered) {
      boolean release;
      synchronized (this) {
        release = abandoned;
        if (!release) {
          response = offered;
        }
      }
      if (release) {
        offered.releaseBody().subscribe();
      }
    }

    synchronized @Nullable ClientResponse claim() {
      ClientResponse claimed = response;
      response = null;
      return claimed;
    }

    void abandon() {
      ClientResponse left;
      synchronized (this) {
        abandoned = true;
        left = response;
        response = null;
      }
      if (left != null) {
        left.releaseBody().subscribe();
      }
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
