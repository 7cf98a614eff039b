package io.github.collapseexecutor.spring.cloud.gateway;

import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.http.HttpCollapseStats;
import io.github.collapseexecutor.spring.webflux.CollapseWebFilter;
import org.springframework.cloud.gateway.filter.GatewayFilter;
import org.springframework.cloud.gateway.filter.GatewayFilterChain;
import org.springframework.cloud.gateway.filter.NettyWriteResponseFilter;
import org.springframework.cloud.gateway.route.Route;
import org.springframework.cloud.gateway.support.ServerWebExchangeUtils;
import org.springframework.core.Ordered;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/**
 * Collapses identical GET and HEAD requests of a Spring Cloud Gateway route: the first goes on to
 * the upstream, its response is recorded, and the requests that arrived while it ran get a replay
 * of it. It is the WebFlux server filter ({@link CollapseWebFilter}) run as a route filter, with
 * all its rules: the caller's identity (credentials, cookies, the TLS client certificate, the
 * principal, forwarded headers, the client's address) in the key, hit-for-pass, the write scope,
 * streams passed through, each caller's own cancel; and the route's id in the key, so that two
 * routes never share.
 *
 * <p>Its order matters: the gateway writes the upstream's body in {@link NettyWriteResponseFilter}
 * once the rest of the chain is done, so a filter that records the response must come before it.
 * {@link #DEFAULT_ORDER} puts this one just before it, after the global filters that run earlier
 * (the load balancer's, the route-to-URL one) and before every route filter without an order. A
 * route filter that must run for each request, the waiting ones too (one that authenticates, or
 * sets a header per caller), needs an order below this filter's.
 */
public final class CollapseGatewayFilter implements GatewayFilter, Ordered, AutoCloseable {

  /** Just before the filter that writes the upstream's body to the client. */
  public static final int DEFAULT_ORDER = NettyWriteResponseFilter.WRITE_RESPONSE_FILTER_ORDER - 1;

  private final CollapseWebFilter collapse;

  /** Creates a filter with its own collapse executor, at {@link #DEFAULT_ORDER}. */
  public CollapseGatewayFilter(HttpCollapseOptions options) {
    this(options, DEFAULT_ORDER);
  }

  /**
   * Creates a filter with its own collapse executor, at {@code order} among the route's filters
   * and the global filters; below {@link NettyWriteResponseFilter#WRITE_RESPONSE_FILTER_ORDER},
   * or nothing would be recorded.
   *
   * @throws IllegalArgumentException if {@code order} is not below that of the write filter
   */
  public CollapseGatewayFilter(HttpCollapseOptions options, int order) {
    if (order >= NettyWriteResponseFilter.WRITE_RESPONSE_FILTER_ORDER) {
      throw new IllegalArgumentException(
          "order "
              + order
              + " runs after the gateway writes the upstream's body (order "
              + NettyWriteResponseFilter.WRITE_RESPONSE_FILTER_ORDER
              + "): it must be below that");
    }
    this.collapse = new CollapseWebFilter(options, order, CollapseGatewayFilter::routeId);
  }

  /** The id of the route the gateway matched, which joins the key. */
  private static Mono<?> routeId(ServerWebExchange exchange) {
    Route route = exchange.getAttribute(ServerWebExchangeUtils.GATEWAY_ROUTE_ATTR);
    return Mono.justOrEmpty(route == null ? null : route.getId());
  }

  /** Returns the counters of its collapse executor. */
  public HttpCollapseStats stats() {
    return collapse.stats();
  }

  @Override
  public int getOrder() {
    return collapse.getOrder();
  }

  @Override
  public Mono<Void> filter(ServerWebExchange exchange, GatewayFilterChain chain) {
    return collapse.filter(exchange, chain::filter);
  }

  /**
   * Stops collapsing: calls in progress complete for every caller that shares them, and later
   * requests pass through untouched. Idempotent.
   */
  @Override
  public void close() {
    collapse.close();
  }

  @Override
  public String toString() {
    return "CollapseGatewayFilter[order=" + getOrder() + "]";
  }
}
