package io.github.collapseexecutor.samples.webflux;

import java.time.Duration;
import java.util.List;
import reactor.core.publisher.Flux;
import reactor.netty.http.client.HttpClient;

/**
 * A WebFlux server with the collapse filter: 100 clients ask for the same price at once, the
 * handler runs a few times, and every client gets the whole price list.
 *
 * <p>Run it: {@code ./mvnw -q -pl collapse-executor-samples -am -DskipTests package exec:java
 * -Ddemo.main=io.github.collapseexecutor.samples.webflux.WebFluxExample}.
 */
public final class WebFluxExample {

  static final int CLIENTS = 100;

  private WebFluxExample() {}

  public static void main(String[] args) {
    try (PriceWebFluxServer server =
        new PriceWebFluxServer(/* collapse= */ true, Duration.ofMillis(200))) {
      List<String> prices = fetchConcurrently(server, CLIENTS);
      System.out.printf(
          "%d clients got %d distinct answers from %d run(s) of the handler%n",
          prices.size(), prices.stream().distinct().count(), server.runs());
    }
  }

  /** Sends {@code clients} identical requests at once; returns each client's body. */
  static List<String> fetchConcurrently(PriceWebFluxServer server, int clients) {
    HttpClient http = HttpClient.create().baseUrl(server.baseUrl());
    return Flux.range(0, clients)
        .flatMap(
            i -> http.get().uri("/prices/42").responseContent().aggregate().asString(), clients)
        .collectList()
        .block(Duration.ofSeconds(30));
  }
}
