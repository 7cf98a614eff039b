package io.github.collapseexecutor.spring.boot.autoconfigure.e2e;

import java.util.concurrent.CountDownLatch;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.web.client.RestClient;
import org.springframework.web.client.support.RestClientHttpServiceGroupConfigurer;
import org.springframework.web.reactive.function.client.ClientRequest;
import org.springframework.web.reactive.function.client.ExchangeFunction;
import org.springframework.web.reactive.function.client.WebClient;
import org.springframework.web.reactive.function.client.support.WebClientHttpServiceGroupConfigurer;

/**
 * Counts each caller of an HTTP service group's client down first, before the collapse adapter
 * that the auto-configuration adds last, on RestClient and WebClient groups alike: a backend
 * held until {@link #expect(int)}'s latch opens keeps its first call in flight until every caller
 * has set off.
 */
@Configuration(proxyBeanMethods = false)
class GroupArrivals {

  private volatile CountDownLatch arrivals = new CountDownLatch(0);

  /** Starts a round of {@code callers}; returns the latch that opens when all have set off. */
  CountDownLatch expect(int callers) {
    CountDownLatch latch = new CountDownLatch(callers);
    arrivals = latch;
    return latch;
  }

  @Bean
  RestClientHttpServiceGroupConfigurer arrivalsFirst() {
    return new RestClientHttpServiceGroupConfigurer() {
      @Override
      public void configureGroups(Groups<RestClient.Builder> groups) {
        groups.forEachClient(
            (group, builder) ->
                builder.requestInterceptors(
                    interceptors ->
                        interceptors.add(
                            0,
                            (request, body, execution) -> {
                              arrivals.countDown();
                              return execution.execute(request, body);
                            })));
      }

      @Override
      public int getOrder() {
        return Ordered.HIGHEST_PRECEDENCE;
      }
    };
  }

  @Bean
  WebClientHttpServiceGroupConfigurer reactiveArrivalsFirst() {
    return new WebClientHttpServiceGroupConfigurer() {
      @Override
      public void configureGroups(Groups<WebClient.Builder> groups) {
        groups.forEachClient(
            (group, builder) ->
                builder.filters(
                    filters ->
                        filters.add(
                            0,
                            (ClientRequest request, ExchangeFunction next) -> {
                              arrivals.countDown();
                              return next.exchange(request);
                            })));
      }

      @Override
      public int getOrder() {
        return Ordered.HIGHEST_PRECEDENCE;
      }
    };
  }
}
