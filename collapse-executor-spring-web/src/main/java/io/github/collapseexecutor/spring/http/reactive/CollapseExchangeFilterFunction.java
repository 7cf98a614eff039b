package io.github.collapseexecutor.spring.http.reactive;

import io.github.collapseexecutor.http.CollapseKey;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.http.HttpCollapseStats;
import io.github.collapseexecutor.http.RequestHeaders;
import io.github.collapseexecutor.http.RequestTarget;
import io.github.collapseexecutor.http.adapter.AsyncClientCollapser;
import io.github.collapseexecutor.http.adapter.HttpCollapseAdapter;
import io.github.collapseexecutor.spring.http.internal.ClientNames;
import io.micrometer.observation.contextpropagation.ObservationThreadLocalAccessor;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;
import org.springframework.web.reactive.function.client.ClientRequest;
import org.springframework.web.reactive.function.client.ClientResponse;
import org.springframework.web.reactive.function.client.ExchangeFilterFunction;
import org.springframework.web.reactive.function.client.ExchangeFunction;
import org.springframework.web.reactive.function.client.ExchangeStrategies;
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
 * <p>Nor does a request given a {@code httpRequest(Consumer<ClientHttpRequest>)} consumer, on the
 * request spec ({@code client.get().uri(...).httpRequest(...)}), through
 * {@code WebClient.Builder.defaultRequest}, or by a filter that runs before this one: the
 * connector runs that consumer after every filter, on the request it sends, and it may set
 * headers (a credential) that the key cannot see. Such a request goes to the backend on its own,
 * exactly as without this filter, and is counted in {@link HttpCollapseStats#passedThrough()} of
 * the filter only, as a request no collapse group takes. A filter that runs after this one and sets
 * such a consumer is not seen: add this filter last. A consumer that changes nothing a server
 * answers by (it only sets a response timeout, say) may be declared so with the request attribute
 * {@link #HTTP_REQUEST_CHANGES_NO_ANSWER}; the request then collapses as if it had none.
 *
 * <p>Add it as the last filter, so its key sees the headers earlier filters add.
 *
 * <p>The connector runs below the filter, and what it decides is not seen: its TLS settings (a
 * client certificate, which a server that authenticates clients by certificate answers per), its
 * proxy, and the headers it adds. So one instance added to two clients shares responses across
 * them, as if their connectors were the same. Give each client whose connector differs a
 * {@linkplain #partition() partition} of its own; the auto-configuration does so for every
 * builder and client it adds collapse to.
 *
 * <pre>{@code
 * WebClient alice = WebClient.builder().clientConnector(aliceCertificate)
 *     .filter(collapse.partition()).build();
 * }</pre>
 *
 * <p>A client whose load balancer, a filter after this one, sends each request to an instance of
 * the service its URI names ({@code http://users/...} on a Spring Cloud {@code @LoadBalanced}
 * builder) takes {@link #beforeLoadBalancer()}: requests then share on the service URI the caller
 * asked for, whichever instance serves them.
 */
// WebFlux and Reactor are optional to the module (requires static); a WebClient user has both
@SuppressWarnings("exports")
public final class CollapseExchangeFilterFunction extends HttpCollapseAdapter<AsyncClientCollapser>
    implements ExchangeFilterFunction {

  /** Its collapse executor's name when the options have none: see {@link HttpCollapseAdapter}. */
  public static final String DEFAULT_NAME = "web-client";

  /**
   * The request attribute by which the application declares that the request's
   * {@code httpRequest} consumer changes nothing a server answers by: no header, no credential,
   * only such settings as a response timeout. With it set to {@code true}, the request collapses as
   * if it had no consumer; a request that joins another's exchange never runs its own consumer.
   * A Reactor Netty {@code responseTimeout} it sets still holds for it: when it is shorter than
   * that of the request whose exchange it joined, it ends the wait with the
   * {@code WebClientRequestException} the request would have got alone, and when the other's
   * shorter one ends the exchange, the requests with a longer one make it again between them.
   * Requests that declare it share only with requests that declare it too.
   *
   * <pre>{@code
   * client.get().uri("/quotes")
   *     .attribute(CollapseExchangeFilterFunction.HTTP_REQUEST_CHANGES_NO_ANSWER, true)
   *     .httpRequest(request -> request.<HttpClientRequest>getNativeRequest()
   *         .responseTimeout(Duration.ofSeconds(2)))
   *     .retrieve()...
   * }</pre>
   */
  public static final String HTTP_REQUEST_CHANGES_NO_ANSWER =
      CollapseExchangeFilterFunction.class.getName() + ".httpRequestChangesNoAnswer";

  private final @Nullable Function<? super ClientRequest, ? extends @Nullable Object> keyPart;
  private final @Nullable String clientName;

  /** What stands for this partition's client in keys: the partition, or the one it views. */
  private final Object client;

  /** Whether a load balancer after this filter picks the instance a request goes to. */
  private final boolean beforeLoadBalancer;

  /** The client names of this filter and its partitions: each names one of them. */
  private final Set<String> clientNames;

  /** The exchange strategies of this partition's last live response. */
  private final AtomicReference<@Nullable ExchangeStrategies> strategies;

  /** Creates a filter with its own collapse executor. */
  public CollapseExchangeFilterFunction(HttpCollapseOptions options) {
    this(
        new AsyncClientCollapser(options, DEFAULT_NAME), null, null, ConcurrentHashMap.newKeySet());
  }

  /**
   * Creates a filter as {@link #CollapseExchangeFilterFunction(HttpCollapseOptions)} does, whose
   * keys also hold what {@code keyPart} reads of each request: what else decides the response,
   * that no key rule names, such as the header an {@code ApiVersionInserter} writes the API
   * version in. Requests share only if their parts are equal ({@code equals}). Its partitions
   * read the same part. Called where the request enters the filter, before it joins or makes a
   * call; it must not throw.
   *
   * <pre>{@code
   * new CollapseExchangeFilterFunction(options,
   *     request -> request.headers().get("API-Version"))
   * }</pre>
   */
  public CollapseExchangeFilterFunction(
      HttpCollapseOptions options,
      Function<? super ClientRequest, ? extends @Nullable Object> keyPart) {
    this(
        new AsyncClientCollapser(options, DEFAULT_NAME),
        keyPart,
        null,
        ConcurrentHashMap.newKeySet());
  }

  private CollapseExchangeFilterFunction(
      AsyncClientCollapser collapser,
      @Nullable Function<? super ClientRequest, ? extends @Nullable Object> keyPart,
      @Nullable String clientName,
      Set<String> clientNames) {
    super(collapser);
    this.keyPart = keyPart;
    this.client = this;
    this.beforeLoadBalancer = false;
    this.strategies = new AtomicReference<>();
    this.clientName = ClientNames.claim(clientNames, collapser.name(), clientName);
    this.clientNames = clientNames;
  }

  /** A view of {@code partition} for the client of a load balancer: see beforeLoadBalancer(). */
  private CollapseExchangeFilterFunction(CollapseExchangeFilterFunction partition) {
    super(partition.collapser());
    this.keyPart = partition.keyPart;
    this.clientName = partition.clientName;
    this.clientNames = partition.clientNames;
    this.client = partition.client;
    this.beforeLoadBalancer = true;
    this.strategies = partition.strategies;
  }

  /**
   * Returns a new filter for one more client: it collapses with this filter's executor, settings
   * and counters ({@link #stats()} returns the same), so it adds no executor, meter or endpoint
   * entry, but its exchanges share responses with no other partition's, nor with this filter's.
   */
  public CollapseExchangeFilterFunction partition() {
    return new CollapseExchangeFilterFunction(collapser(), keyPart, null, clientNames);
  }

  /**
   * Returns a new partition, as {@link #partition()} does, for the client of this name. Where
   * the options share calls across the instances of the application, as for the RestClient
   * interceptor's partitions ({@link
   * io.github.collapseexecutor.spring.http.client.CollapseHttpRequestInterceptor#partition(String)}),
   * its exchanges share calls with the partitions of this name on the other instances, where an
   * unnamed partition's stay on their instance; so give the name of one client configuration (its
   * connector), the same on every instance: the name of its bean, say. The filter's own exchanges
   * are those of the client named after its executor ({@link HttpCollapseOptions#name()}).
   *
   * @throws IllegalArgumentException if this filter or another of its partitions has the name:
   *     exchanges of two clients could then share across instances
   */
  public CollapseExchangeFilterFunction partition(String clientName) {
    return new CollapseExchangeFilterFunction(
        collapser(), keyPart, Objects.requireNonNull(clientName, "clientName"), clientNames);
  }

  /**
   * Returns this filter, or partition, for a client whose load balancer runs after it and sends
   * each request to an instance of the service that the request's URI names, as Spring Cloud
   * LoadBalancer's filter does on a {@code @LoadBalanced} {@code WebClient.Builder}
   * ({@code http://users/...}, {@code lb://users/...}). Requests are keyed, and share, on the
   * service URI the caller asked for: which instance serves them is the load balancer's choice,
   * and the response of the instance it chose for the request that made the call reaches every
   * request that shared it. Only the instance may change below the filter: a request that left
   * with another path or query, or another header than the key saw, keeps its response to
   * itself, as a request of any client does. The filter returned shares this one's executor,
   * counters, partition and name; add it before the load balancer's filter.
   */
  public CollapseExchangeFilterFunction beforeLoadBalancer() {
    return beforeLoadBalancer ? this : new CollapseExchangeFilterFunction(this);
  }

  @Override
  public Mono<ClientResponse> filter(ClientRequest request, ExchangeFunction next) {
    RequestHeaders headers = KeyedClientRequest.headers(request);
    // the instance is the partition, with the request's own part where one is read
    Partition partition =
        new Partition(
            client,
            clientName,
            keyPart == null ? null : keyPart.apply(request),
            beforeLoadBalancer);
    // no key: the request goes through as if collapse were off, counted as passed through
    RequestTarget target =
        partition
            .applyTo(
                RequestTarget.builder(request.method().name(), request.url()).headers(headers),
                request)
            .hasBody(KeyedClientRequest.hasBody(request))
            .passThrough(KeyedClientRequest.changedWhenSent(request))
            .build();
    // built once per request: the collapser reuses it
    CollapseKey key = collapser().rules().keyFor(target);
    return Mono.deferContextual(
        context -> {
          // WebClient keeps the exchange's observation in the Reactor context, not on the thread
          Object observation = context.getOrDefault(ObservationThreadLocalAccessor.KEY, null);
          WebClientDriver driver =
              new WebClientDriver(
                  request,
                  next,
                  key,
                  collapser().rules(),
                  partition,
                  context,
                  observation,
                  strategies);
          // cancelling the subscription cancels the caller's future: it leaves the shared exchange
          return ObservedExchanges.reported(
              Mono.fromFuture(collapser().execute(target, driver), /* suppressCancel= */ false),
              observation);
        });
  }
}
