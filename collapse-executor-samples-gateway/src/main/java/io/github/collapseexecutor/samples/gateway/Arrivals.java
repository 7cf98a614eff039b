package io.github.collapseexecutor.samples.gateway;

import java.util.concurrent.CountDownLatch;
import org.springframework.cloud.gateway.filter.GatewayFilterChain;
import org.springframework.cloud.gateway.filter.GlobalFilter;
import org.springframework.core.Ordered;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/**
 * Counts the requests that reach the gateway, first of all its filters, so that the sample lets
 * the upstream answer only once a whole burst is in.
 */
final class Arrivals implements GlobalFilter, Ordered {

  private volatile CountDownLatch expected = new CountDownLatch(0);

  /** Returns a latch the next {@code requests} arrivals count down. */
  CountDownLatch expect(int requests) {
    CountDownLatch latch = new CountDownLatch(requests);
    expected = latch;
    return latch;
  }

  @Override
  public Mono<Void> filter(ServerWebExchange exchange, GatewayFilterChain chain) {
    expected.countDown();
    return chain.filter(exchange);
  }

  @Override
  public int getOrder() {
    return Ordered.HIGHEST_PRECEDENCE;
  }
}
