package io.github.collapseexecutor.spring.cloud.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.micrometer.HttpCollapseStatsMeterBinder;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorDescriptor;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutors;
import io.github.collapseexecutor.testing.http.GatedBackend;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.cloud.gateway.event.RefreshRoutesEvent;
import org.springframework.cloud.gateway.event.RefreshRoutesResultEvent;
import org.springframework.cloud.gateway.filter.FilterDefinition;
import org.springframework.cloud.gateway.handler.predicate.PredicateDefinition;
import org.springframework.cloud.gateway.route.RouteDefinition;
import org.springframework.cloud.gateway.route.RouteDefinitionWriter;
import org.springframework.context.ApplicationListener;
import org.springframework.context.ConfigurableApplicationContext;
import reactor.core.publisher.Mono;

/**
 * A route whose Collapse filter's arguments change while the gateway runs (a route written to the
 * gateway's route repository, then written again, each time followed by a refresh): the route
 * serves with its new filter, and the endpoint and the meters show that one alone under the
 * route's executor name, not the one it replaced.
 */
@Timeout(60)
final class GatewayRouteRefreshTest {

  private static final String ROUTE = "moving";
  private static final String EXECUTOR = "gateway." + ROUTE;

  private static final GatedBackend upstream = new GatedBackend();
  private static final HttpClient client =
      HttpClient.newBuilder()
          .version(HttpClient.Version.HTTP_1_1)
          .connectTimeout(Duration.ofSeconds(20))
          .build();

  private static String upstreamUri;
  private static ConfigurableApplicationContext gateway;
  private static int port;

  @BeforeAll
  static void start() {
    upstreamUri = upstream.start();
    gateway = GatewayApplication.start(upstreamUri);
    port = ((WebServerApplicationContext) gateway).getWebServer().getPort();
  }

  @AfterAll
  static void stop() {
    if (gateway != null) {
      gateway.close();
    }
    upstream.stop();
  }

  @Test
  void aRouteWhoseArgumentsChangeServesWithItsNewFilterAloneInTheEndpointAndTheMeters()
      throws Exception {
    route(Map.of("policy", "prices"));
    List<HttpResponse<String>> collapsed = sendHeld("/moving/first", 10);

    assertThat(collapsed).extracting(HttpResponse::statusCode).containsOnly(200);
    assertThat(upstream.calls("/moving/first")).isBetween(1, 2);
    assertThat(executors()).hasSize(1);
    assertThat(count("replayed")).isGreaterThanOrEqualTo(8);

    // the group collapses /quotes/* alone: on this route, nothing collapses any more
    route(Map.of("group", "quotes"));
    List<HttpResponse<String>> untouched = sendHeld("/moving/second", 10);

    assertThat(untouched).extracting(HttpResponse::statusCode).containsOnly(200);
    assertThat(upstream.calls("/moving/second")).isEqualTo(10);
    assertThat(executors())
        .singleElement()
        .satisfies(
            executor ->
                assertThat(executor.options().groups())
                    .extracting(CollapseGroup::name)
                    .containsExactly("quotes"));
    assertThat(count("passed-through")).isEqualTo(10);
    assertThat(count("replayed")).isZero();
  }

  /** Writes the route with a Collapse filter of {@code args}, and waits until it serves. */
  private static void route(Map<String, String> args) throws InterruptedException {
    RouteDefinition route = new RouteDefinition();
    route.setId(ROUTE);
    route.setUri(URI.create(upstreamUri));
    route.setPredicates(List.of(new PredicateDefinition("Path=/moving/**")));
    FilterDefinition collapse = new FilterDefinition();
    collapse.setName(CollapseGatewayFilterFactory.NAME);
    collapse.setArgs(args);
    route.setFilters(List.of(collapse));
    gateway.getBean(RouteDefinitionWriter.class).save(Mono.just(route)).block();
    CountDownLatch refreshed = new CountDownLatch(1);
    gateway.addApplicationListener(
        (ApplicationListener<RefreshRoutesResultEvent>) event -> refreshed.countDown());
    gateway.publishEvent(new RefreshRoutesEvent(GatewayRouteRefreshTest.class));
    assertThat(refreshed.await(20, TimeUnit.SECONDS)).as("the routes refreshed").isTrue();
  }

  private static List<CollapseExecutorDescriptor> executors() {
    return gateway.getBean(CollapseExecutors.class).list().stream()
        .filter(executor -> executor.name().equals(EXECUTOR))
        .toList();
  }

  /** Returns the requests the route's executor counted with {@code outcome}, as metered. */
  private static double count(String outcome) {
    FunctionCounter counter =
        gateway
            .getBean(MeterRegistry.class)
            .find(HttpCollapseStatsMeterBinder.REQUESTS)
            .tag("executor", EXECUTOR)
            .tag("outcome", outcome)
            .functionCounter();
    assertThat(counter).as("the meter of %s", outcome).isNotNull();
    return counter.count();
  }

  /**
   * Sends {@code n} GETs of {@code path} at once, lets the upstream answer once all have reached
   * the gateway, and returns the answers.
   */
  private static List<HttpResponse<String>> sendHeld(String path, int n) throws Exception {
    GatewayApplication.arrivals = new CountDownLatch(n);
    List<CompletableFuture<HttpResponse<String>>> calls = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      HttpRequest get =
          HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
              .timeout(Duration.ofSeconds(30))
              .GET()
              .build();
      calls.add(client.sendAsync(get, HttpResponse.BodyHandlers.ofString()));
    }
    assertThat(GatewayApplication.arrivals.await(20, TimeUnit.SECONDS)).isTrue();
    upstream.releaseFrom(path, 1);
    List<HttpResponse<String>> answers = new ArrayList<>();
    for (CompletableFuture<HttpResponse<String>> call : calls) {
      answers.add(call.get(20, TimeUnit.SECONDS));
    }
    return answers;
  }
}
