package io.github.collapseexecutor.samples.webflux;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

final class WebFluxExampleTest {

  @Test
  @Timeout(60)
  void everyClientGetsTheWholePriceListFromFewerRunsThanClients() {
    try (PriceWebFluxServer server =
        new PriceWebFluxServer(/* collapse= */ true, Duration.ofMillis(500))) {
      List<String> prices = WebFluxExample.fetchConcurrently(server, WebFluxExample.CLIENTS);

      assertThat(prices).hasSize(WebFluxExample.CLIENTS).containsOnly(prices.get(0));
      assertThat(prices.get(0)).startsWith("42;0000;");
      // a client that connects after the first run ended starts another one
      assertThat(server.runs()).isLessThan(WebFluxExample.CLIENTS);
      assertThat(server.stats().replayed()).isPositive();
    }
  }
}
