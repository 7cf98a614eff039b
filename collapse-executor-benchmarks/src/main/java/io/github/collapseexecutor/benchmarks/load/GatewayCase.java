package io.github.collapseexecutor.benchmarks.load;

import io.github.collapseexecutor.samples.webflux.PriceWebFluxServer;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import reactor.netty.http.client.HttpClient;
import reactor.netty.resources.ConnectionProvider;

/**
 * Spring Cloud Gateway: {@value #USERS} closed-loop users in the harness's process (Reactor
 * Netty's client, one request in flight each) send the same GET through a gateway whose route has
 * the {@code Collapse} filter and through one whose route does not, each in a JVM of its own with
 * the gateway on its class path, to the samples' {@link PriceWebFluxServer} without collapse, in
 * this process: each upstream
 * request waits 100 ms for its backend, then renders about 10 KB. The case writes a section of
 * its own, between {@link #BEGIN} and {@link #END}.
 */
final class GatewayCase {

  /** The users of the case, as many as the WebFlux case's. */
  static final int USERS = WebFluxCase.USERS;

  static final String BEGIN = "<!-- gateway-results:begin (written by the load harness) -->";
  static final String END = "<!-- gateway-results:end -->";

  static final String MAIN_CLASS =
      "io.github.collapseexecutor.benchmarks.load.gateway.GatewayApplication";

  /** The gateway's jars, as the build lists them. */
  static final Path CLASS_PATH =
      Path.of("collapse-executor-benchmarks/target/gateway-classpath.txt");

  private static final Duration BACKEND = Duration.ofMillis(100);
  private static final String PATH = "/prices/42";

  private final Settings settings;

  GatewayCase(Settings settings) {
    this.settings = settings;
  }

  /** Runs the case and writes its section. */
  void run() throws IOException, InterruptedException {
    if (!Files.isReadable(CLASS_PATH)) {
      Progress.line("gateway case skipped: %s is missing: build with load.sh", CLASS_PATH);
      return;
    }
    Instant start = Instant.now();
    String conditions =
        String.format(
            Locale.ROOT,
            "Date: %s; %s run: %d s per measured side, %d s warm-up per side; machine: %s;"
                + " load average (1 min) before: %.2f",
            start.truncatedTo(ChronoUnit.SECONDS),
            settings.quick() ? "quick (smoke)" : "full",
            settings.measure().toSeconds(),
            settings.warmUp().toSeconds(),
            Machine.describe(),
            Machine.loadAverage());
    ConnectionProvider connections =
        ConnectionProvider.builder("gateway-load")
            .maxConnections(ClientAdapter.MAX_CONNECTIONS)
            .pendingAcquireMaxCount(-1)
            .build();
    HttpClient client = HttpClient.create(connections);
    List<Comparison> rounds = new ArrayList<>();
    try (PriceWebFluxServer upstream = new PriceWebFluxServer(/* collapse= */ false, BACKEND);
        Gateway with = Gateway.start(upstream, true, settings.logs());
        Gateway without = Gateway.start(upstream, false, settings.logs())) {
      // unmeasured, so that neither side pays for the JIT's warm-up alone
      measure(client, upstream, without, settings.warmUp());
      measure(client, upstream, with, settings.warmUp());
      for (int round = 1; round <= settings.rounds(); round++) {
        Measurement withoutFilter = measure(client, upstream, without, settings.measure());
        Measurement withFilter = measure(client, upstream, with, settings.measure());
        Progress.line(
            "gateway    round %d %3d users: %s",
            round, USERS, Progress.describe(withFilter, withoutFilter));
        rounds.add(new Comparison(withFilter, withoutFilter));
      }
    } finally {
      connections.disposeLater().block(Duration.ofSeconds(10));
    }
    Duration took = Duration.between(start, Instant.now());
    ResultsPage.writeSection(
        settings.out(), BEGIN, END, markdown(conditions, new Rounds(rounds), took));
  }

  private static Measurement measure(
      HttpClient client, PriceWebFluxServer upstream, Gateway gateway, Duration duration)
      throws InterruptedException {
    String url = gateway.url();
    long before = upstream.runs();
    Measurement measured =
        ClosedLoop.reactive(
            USERS, duration, () -> client.get().uri(url).responseContent().aggregate().then());
    return measured.withBackendCalls(upstream.runs() - before);
  }

  private String markdown(String conditions, Rounds rounds, Duration took) {
    Comparison median = rounds.median();
    Measurement with = median.with();
    Measurement without = median.without();
    return String.format(
        Locale.ROOT,
        "### Spring Cloud Gateway: run conditions%n%n- %s%n- The case took %d min %02d s%n%n"
            + "### A route with the Collapse filter against one without%n%n"
            + "Ratio = with the filter / without, both measured in this run, in %d round(s),"
            + " without then with; the columns show the round with the median throughput"
            + " ratio.%n%n"
            + "| load | TPS with / without | TPS ratio | every round's ratio"
            + " | p99 ms with / without | p99 ratio | upstream calls per 1000 requests"
            + " with / without |%n"
            + "|---|---:|---:|---:|---:|---:|---:|%n"
            + "| %d users, one GET, upstream 100 ms then ~10 KB | %.0f / %.0f | **%.2fx** | %s"
            + " | %.1f / %.1f | %.2fx | %.1f / %.1f |%n%n",
        conditions,
        took.toMinutes(),
        took.toSecondsPart(),
        settings.rounds(),
        USERS,
        with.tps(),
        without.tps(),
        median.ratio(),
        rounds.ratios(),
        with.p99Millis(),
        without.p99Millis(),
        with.p99Millis() / without.p99Millis(),
        with.callsPerThousand(),
        without.callsPerThousand());
  }

  /** A gateway in a JVM of its own, and the URL of the price through it. */
  private record Gateway(ChildJvm jvm, String url) implements AutoCloseable {

    /**
     * Starts a gateway with one route to {@code upstream}, with the Collapse filter or without,
     * and waits for it.
     */
    static Gateway start(PriceWebFluxServer upstream, boolean collapse, Path logs)
        throws IOException, InterruptedException {
      int port = Loopback.freePort();
      String route = "--spring.cloud.gateway.server.webflux.routes[0].";
      List<String> arguments =
          new ArrayList<>(
              List.of(
                  "--server.address=127.0.0.1",
                  "--server.port=" + port,
                  "--spring.main.web-application-type=reactive",
                  "--spring.main.banner-mode=off",
                  route + "id=prices",
                  route + "uri=" + upstream.baseUrl(),
                  route + "predicates[0]=Path=/prices/**"));
      if (collapse) {
        arguments.add(route + "filters[0]=Collapse");
      }
      String url = "http://127.0.0.1:" + port + PATH;
      ChildJvm jvm =
          ChildJvm.start(
              collapse ? "gateway-collapse" : "gateway-plain",
              MAIN_CLASS,
              SampleApp.JVM_OPTIONS,
              arguments,
              URI.create(url),
              logs,
              Files.readString(CLASS_PATH).strip());
      return new Gateway(jvm, url);
    }

    @Override
    public void close() {
      jvm.close();
    }
  }
}
