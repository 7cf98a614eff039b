package io.github.collapseexecutor.benchmarks.load;

import io.github.collapseexecutor.samples.webflux.PriceWebFluxServer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import reactor.netty.http.client.HttpClient;
import reactor.netty.resources.ConnectionProvider;

/**
 * The WebFlux case: {@value #USERS} closed-loop users in the harness's process (Reactor Netty's
 * client, one request in flight each) against the samples' {@link PriceWebFluxServer} with the
 * collapse filter and against the same server without it, both in this process, one after the
 * other in the same run. Each request of the price waits 100 ms for a backend without holding a
 * thread, then renders about 10 KB: without collapse every request renders, with it each shared
 * run renders once for the requests that joined it.
 */
final class WebFluxCase {

  /** The users of the case. */
  static final int USERS = 200;

  private static final Duration BACKEND = Duration.ofMillis(100);
  private static final String PATH = "/prices/42";

  private final Settings settings;

  WebFluxCase(Settings settings) {
    this.settings = settings;
  }

  Rounds run() throws InterruptedException {
    ConnectionProvider connections =
        ConnectionProvider.builder("webflux-load")
            .maxConnections(ClientAdapter.MAX_CONNECTIONS)
            .pendingAcquireMaxCount(-1)
            .build();
    HttpClient client = HttpClient.create(connections);
    try (PriceWebFluxServer with = new PriceWebFluxServer(/* collapse= */ true, BACKEND);
        PriceWebFluxServer without = new PriceWebFluxServer(/* collapse= */ false, BACKEND)) {
      // unmeasured, so that neither side pays for the JIT's warm-up alone
      measure(client, without, settings.warmUp());
      measure(client, with, settings.warmUp());
      List<Comparison> rounds = new ArrayList<>();
      for (int round = 1; round <= settings.rounds(); round++) {
        Measurement withoutFilter = measure(client, without, settings.measure());
        Measurement withFilter = measure(client, with, settings.measure());
        Progress.line(
            "webflux    round %d %3d users: %s",
            round, USERS, Progress.describe(withFilter, withoutFilter));
        rounds.add(new Comparison(withFilter, withoutFilter));
      }
      return new Rounds(rounds);
    } finally {
      connections.disposeLater().block(Duration.ofSeconds(10));
    }
  }

  private static Measurement measure(
      HttpClient client, PriceWebFluxServer server, Duration duration) throws InterruptedException {
    long before = server.runs();
    Measurement measured =
        ClosedLoop.reactive(
            USERS,
            duration,
            () -> client.get().uri(server.baseUrl() + PATH).responseContent().aggregate().then());
    return measured.withBackendCalls(server.runs() - before);
  }
}
