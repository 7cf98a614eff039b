package io.github.collapseexecutor.spring.http.reactive;

import io.github.collapseexecutor.core.FutureCallableGroupCollapseExecutor;
import io.github.collapseexecutor.spring.http.CollapseKey;
import io.github.collapseexecutor.spring.http.CollapseRules;
import io.github.collapseexecutor.spring.http.HttpCollapseOptions;
import io.github.collapseexecutor.spring.http.HttpCollapseStats;
import io.github.collapseexecutor.spring.http.ListenerReports;
import io.github.collapseexecutor.spring.http.ReplayRules;
import io.github.collapseexecutor.spring.http.RequestHeaders;
import io.github.collapseexecutor.spring.http.ResponseSnapshot;
import java.net.URI;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
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
 * <p>A response that may not be shared ({@link ReplayRules}) or whose body is larger than
 * {@link HttpCollapseOptions#maxBodyBytes()} goes, streaming, to the subscriber whose exchange it
 * is; the others run their own exchange. A failed exchange fails every subscriber that shared it
 * with the same error. A subscriber that waited {@link HttpCollapseOptions#waitTimeout()} for
 * another's exchange stops waiting and runs its own, as if collapse were off; the exchange it left
 * goes on for the others.
 *
 * <p>Add it as the last filter, so its key sees the headers earlier filters add. The key holds
 * the cookies of WebClient's cookie API and the request attributes (but WebClient's own), which a
 * later filter may turn into credentials. A response whose request a later filter changed in a
 * way the key would see (a credential it added) is not shared: the subscribers that waited for it
 * run their own exchanges.
 */
public final class CollapseExchangeFilterFunction implements ExchangeFilterFunction, AutoCloseable {

  private final HttpCollapseOptions options;
  private final CollapseRules rules;
  private final FutureCallableGroupCollapseExecutor executor;
  private final HttpCollapseStats stats;
  private volatile boolean closed;

  /** Creates a filter with its own collapse executor. */
  public CollapseExchangeFilterFunction(HttpCollapseOptions options) {
    this.options = options;
    this.rules = new CollapseRules(options);
    this.stats = new HttpCollapseStats(options.groups().size());
    this.executor = new FutureCallableGroupCollapseExecutor(options.name(), options.listener());
  }

  /** Returns the counters of this filter. */
  public HttpCollapseStats stats() {
    return stats;
  }

  /**
   * Stops collapsing: exchanges in progress complete for every subscriber that shares them, and
   * later exchanges pass through untouched. Idempotent; a Spring context calls it when it closes.
   */
  @Override
  public void close() {
    closed = true;
    executor.close();
  }

  @Override
  public Mono<ClientResponse> filter(ClientRequest request, ExchangeFunction next) {
    RequestHeaders headers = KeyedRequest.headers(request);
    CollapseKey key = rules.keyFor(request.method().name(), request.url(), headers,
        KeyedRequest.context(request));
    if (key == null) {
      return passThrough(null, request, next);
    }
    return Mono.defer(() -> closed
        ? passThrough(key, request, next)
        : collapse(key, headers, request, next));
  }

  private Mono<ClientResponse> passThrough(CollapseKey key, ClientRequest request,
      ExchangeFunction next) {
    return Mono.defer(() -> {
      stats.recordPassedThrough(key);
      return next.exchange(request);
    });
  }

  private Mono<ClientResponse> collapse(CollapseKey key, RequestHeaders headers,
      ClientRequest request, ExchangeFunction next) {
    LeaderSlot mine = new LeaderSlot();
    CompletableFuture<Shared> caller;
    try {
      caller = executor.execute(key, () -> {
        mine.leading = true;
        return next.exchange(request)
            .flatMap(response -> capture(response, key, headers, request, mine))
            .toFuture();
      });
    } catch (IllegalStateException refused) {
      if (!closed) {
        throw refused;
      }
      // closed between the check in filter and this call: go through as if collapse were off
      return passThrough(key, request, next);
    }
    Mono<Shared> outcome = Mono.fromFuture(caller, /* suppressCancel= */ false)
        .doOnCancel(mine::abandon);
    if (!mine.leading) {
      // cancelling the wait makes this subscriber leave the exchange alone, as a cancel would
      outcome = outcome.timeout(options.waitTimeout(), Mono.fromSupplier(() -> {
        ListenerReports.waitTimedOut(options.listener(), executor.name());
        return Shared.NONE;
      }));
    }
    return outcome.flatMap(shared -> {
      ClientResponse own = mine.claim();
      if (own != null) {
        stats.recordLed(key);
        return Mono.just(own);
      }
      if (shared.snapshot != null && shared.snapshot.canServe(headers)) {
        stats.recordReplayed(key);
        return Mono.just(replay(shared.snapshot, request));
      }
      stats.recordFellBack(key);
      return next.exchange(request);
    });
  }

  private Mono<Shared> capture(ClientResponse response, CollapseKey key,
      RequestHeaders requestHeaders, ClientRequest request, LeaderSlot mine) {
    List<Map.Entry<String, String>> headers = new ArrayList<>();
    response.headers().asHttpHeaders().forEach((name, values) -> values.forEach(
        value -> headers.add(new AbstractMap.SimpleImmutableEntry<>(name, value))));
    if (ReplayRules.refusal(headers) != null
        || !KeyedRequest.sentAsKeyed(rules, key, request, response)) {
      mine.offer(response);
      return Mono.just(Shared.NONE);
    }
    return BodySplit.read(response.bodyToFlux(DataBuffer.class), options.maxBodyBytes())
        .map(split -> {
          if (split.bytes() == null) {
            mine.offer(response.mutate().body(original -> split.body()).build());
            return Shared.NONE;
          }
          ResponseSnapshot snapshot = new ResponseSnapshot(response.statusCode().value(), null,
              headers, split.bytes(), requestHeaders, response.strategies());
          mine.offer(replay(snapshot, request));
          return new Shared(snapshot);
        });
  }

  private static ClientResponse replay(ResponseSnapshot snapshot, ClientRequest request) {
    Flux<DataBuffer> body = snapshot.bodyLength() == 0
        ? Flux.empty()
        : Flux.defer(() -> Flux.just(
            DefaultDataBufferFactory.sharedInstance.wrap(snapshot.bodyBuffer())));
    return ClientResponse
        .create(HttpStatusCode.valueOf(snapshot.status()), (ExchangeStrategies) snapshot.detail())
        .headers(headers -> snapshot.headers().forEach(
            header -> headers.add(header.getKey(), header.getValue())))
        .request(new RequestView(request))
        .body(body)
        .build();
  }

  /** The outcome every subscriber of one exchange sees; {@code snapshot} null if not shared. */
  private record Shared(ResponseSnapshot snapshot) {
    static final Shared NONE = new Shared(null);
  }

  /**
   * The response kept for the subscriber that ran the exchange. If that subscriber cancelled
   * before the response arrived, the response is released instead, so its connection is not lost.
   */
  private static final class LeaderSlot {

    /** Set on the subscribing thread, inside {@code execute}, when this subscriber leads. */
    boolean leading;
    private ClientResponse response;
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

    synchronized ClientResponse claim() {
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
