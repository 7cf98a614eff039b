package io.github.collapseexecutor.spring.webflux;

import io.github.collapseexecutor.http.CollapseKey;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.http.RequestHeaders;
import io.github.collapseexecutor.http.adapter.HttpCollapseAdapter;
import io.github.collapseexecutor.http.adapter.HttpCollapser;
import io.github.collapseexecutor.http.adapter.ServerCollapser;
import java.io.IOException;
import java.security.Principal;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import org.springframework.core.Ordered;
import org.springframework.http.HttpMethod;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;
import reactor.util.context.ContextView;
import reactor.util.function.Tuple2;

/**
 * Collapses identical inbound GET and HEAD requests of a Spring WebFlux server: the first runs the
 * rest of the filter chain and the handler, its response is recorded, and the requests that
 * arrived while it ran get a replay of it (status, the headers the chain produced but the
 * hop-by-hop ones, body) instead of running the chain themselves.
 *
 * <pre>{@code
 * HttpHandler handler = WebHttpHandlerBuilder.applicationContext(context)
 *     .filter(new CollapseWebFilter(HttpCollapseOptions.builder()
 *         .group(CollapseGroup.ofUris("/api/prices/*")).build()))
 *     .build();
 * }</pre>
 *
 * <p>The filters before this one run for every request, the waiting ones too, so each waiting
 * request keeps the headers its own filters set (a request id, CORS headers, Spring Security's
 * headers), and a replay does not copy the leading request's values of them: only what the
 * filters after this one and the handler set is shared. Place it after the filters that
 * authenticate or otherwise decide per request: the principal of the exchange is part of the key.
 *
 * <p>Waiting requests hold no thread. What a waiting request gets:
 * <ul>
 *   <li>the response is recorded in full and may be shared: a replay of it;</li>
 *   <li>the response may not be shared ({@code Set-Cookie} or a cookie the chain added,
 *       {@code Cache-Control: private} without a credential, {@code Vary: *}, a body over
 *       {@link HttpCollapseOptions#maxBodyBytes()}, a stream; see {@code docs/http.md}), or the
 *       chain failed: the waiting request runs the chain itself, as if collapse were off; after
 *       a response that may not be shared, the next identical requests run the chain at once for
 *       a while (hit-for-pass);</li>
 *   <li>the response varies on a request header whose value the waiting request sent
 *       differently: the waiting requests that sent the same values run the chain once between
 *       them, and the others get a replay of it;</li>
 *   <li>the response did not arrive within {@link HttpCollapseOptions#waitTimeout()}: the
 *       waiting request stops waiting and runs the chain itself.</li>
 * </ul>
 * A chain error reaches only the request whose chain raised it.
 *
 * <p>Reads never go back in time: once the response of a write (a request whose method is not
 * safe, such as a {@code POST}) commits, a request that arrives never joins one that started
 * before, which may have read the state from before the write
 * ({@link io.github.collapseexecutor.http.WriteScope}).
 *
 * <p>A request that is cancelled (its client went away, a deadline of its own passed) ends
 * alone, the leading one too: its chain goes on while requests wait for it, apart from its own
 * response, and they get its answer; the chain is cancelled once nobody waits for it any more.
 *
 * <p>A stream is never held back: a body written with {@code writeAndFlushWith} (how WebFlux
 * writes {@code text/event-stream} and other streaming types) or with a stream's content type
 * goes straight to its own client, and the requests that waited for it make their own calls at
 * once ({@code UnsharedReason.STREAM}).
 */
public final class CollapseWebFilter extends HttpCollapseAdapter<ServerCollapser>
    implements WebFilter, Ordered {

  /** Its collapse executor's name when the options have none: see {@link HttpCollapseAdapter}. */
  public static final String DEFAULT_NAME = "webflux";

  private final int order;
  private final Function<ServerWebExchange, Mono<?>> keyPart;

  /** Creates a filter with its own collapse executor. */
  public CollapseWebFilter(HttpCollapseOptions options) {
    this(options, Ordered.LOWEST_PRECEDENCE);
  }

  /**
   * Creates a filter as {@link #CollapseWebFilter(HttpCollapseOptions)} does, at {@code order}
   * among the {@code WebFilter} beans of an application context (Spring Security's chain is at
   * -100).
   */
  public CollapseWebFilter(HttpCollapseOptions options, int order) {
    this(options, order, exchange -> Mono.empty());
  }

  /**
   * Creates a filter as {@link #CollapseWebFilter(HttpCollapseOptions, int)} does, whose keys also
   * hold what {@code keyPart} reads of each exchange: what else decides the response the chain
   * gives, that neither the request's method, URI and key headers nor the caller's identity say,
   * such as the API version a framework resolves from a header of its choosing. Requests share
   * only if their parts are equal ({@code equals}); an empty {@code Mono} is a part like any
   * other. Subscribed only for a request that may collapse, before it joins or runs the chain;
   * it must not fail: it answers a part equal to no other's for a request it cannot read.
   *
   * <pre>{@code
   * new CollapseWebFilter(options, Ordered.LOWEST_PRECEDENCE, exchange -> Mono.justOrEmpty(
   *     exchange.getRequest().getHeaders().getFirst("X-Api-Version")))
   * }</pre>
   */
  public CollapseWebFilter(
      HttpCollapseOptions options, int order, Function<ServerWebExchange, Mono<?>> keyPart) {
    super(new ServerCollapser(options, DEFAULT_NAME));
    this.order = order;
    this.keyPart = keyPart;
  }

  /**
   * Returns the filter's order among the {@code WebFilter} beans of an application context; by
   * default {@link Ordered#LOWEST_PRECEDENCE}, after every filter that has an order.
   */
  @Override
  public int getOrder() {
    return order;
  }

  @Override
  public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
    HttpMethod method = exchange.getRequest().getMethod();
    // only a GET or a HEAD may collapse: the others need no principal nor key part to pass through
    boolean mayCollapse = HttpMethod.GET.equals(method) || HttpMethod.HEAD.equals(method);
    Mono<Optional<Principal>> caller =
        mayCollapse ? exchange.<Principal>getPrincipal().map(Optional::of) : Mono.empty();
    Mono<Optional<Object>> part =
        mayCollapse ? keyPart.apply(exchange).map(Optional::<Object>of) : Mono.empty();
    Mono<Void> served =
        Mono.zip(caller.defaultIfEmpty(Optional.empty()), part.defaultIfEmpty(Optional.empty()))
            .flatMap(
                read -> Mono.deferContextual(context -> serve(exchange, chain, read, context)));
    return HttpCollapser.isWrite(method.name()) ? counted(exchange, served) : served;
  }

  /**
   * Returns {@code served}, the pass of a write, telling the collapser once the write's response
   * is complete, so that no read that arrives after it joins a read that started before: as its
   * response commits, before its client can see it (once a tier across instances counted it too), and
   * again when the pass ends.
   */
  private Mono<Void> counted(ServerWebExchange exchange, Mono<Void> served) {
    String path = exchange.getRequest().getPath().pathWithinApplication().value();
    exchange
        .getResponse()
        .beforeCommit(() -> Mono.fromCompletionStage(() -> collapser().writtenAsync(path)));
    return served.doFinally(signal -> collapser().writtenAsync(path));
  }

  private Mono<Void> serve(
      ServerWebExchange exchange,
      WebFilterChain chain,
      Tuple2<Optional<Principal>, Optional<Object>> read,
      ContextView context) {
    RequestHeaders headers = KeyedExchange.headers(exchange.getRequest());
    CollapseKey key =
        KeyedExchange.keyFor(
            collapser().rules(),
            exchange.getRequest(),
            headers,
            read.getT1().orElse(null),
            read.getT2().orElse(null));
    WebFluxExchange pass = new WebFluxExchange(exchange, chain, context, collapser());
    CompletionStage<?> served;
    try {
      served = collapser().serve(key, headers, pass);
    } catch (IOException failure) {
      return Mono.error(failure);
    }
    // not cancelled through the stage: the exchange ends its own part of what it joined
    return Mono.fromFuture(served.toCompletableFuture(), /* suppressCancel= */ true)
        .then()
        .doOnCancel(pass::cancel);
  }
}
