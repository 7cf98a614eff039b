package io.github.collapseexecutor.spring.cloud.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.micrometer.HttpCollapseStatsMeterBinder;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorDescriptor;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutors;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import java.net.URI;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.cloud.gateway.event.RefreshRoutesEvent;
import org.springframework.cloud.gateway.event.RefreshRoutesResultEvent;
import org.springframework.cloud.gateway.filter.FilterDefinition;
import org.springframework.cloud.gateway.handler.predicate.PredicateDefinition;
import org.springframework.cloud.gateway.route.RouteDefinition;
import org.springframework.cloud.gateway.route.RouteDefinitionWriter;
import org.springframework.context.ApplicationListener;
import org.springframework.core.Ordered;
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

  private static RunningGateway gateway;

  @BeforeAll
  static void start() {
    gateway = new RunningGateway();
  }

  @AfterAll
  static void stop() {
    if (gateway != null) {
      gateway.close();
    }
  }

  @Test
  void aRouteWhoseArgumentsChangeServesWithItsNewFilterAloneInTheEndpointAndTheMeters()
      throws Exception {
    route(Map.of("policy", "prices"));
    List<HttpResponse<String>> collapsed = gateway.sendHeld("/moving/first", 10);

    assertThat(collapsed).extracting(HttpResponse::statusCode).containsOnly(200);
    assertThat(gateway.upstream.calls("/moving/first")).isBetween(1, 2);
    assertThat(executors()).hasSize(1);
    assertThat(count("replayed")).isGreaterThanOrEqualTo(8);

    // the group collapses /quotes/* alone: on this route, nothing collapses any more
    route(Map.of("group", "quotes"));
    List<HttpResponse<String>> untouched = gateway.sendHeld("/moving/second", 10);

    assertThat(untouched).extracting(HttpResponse::statusCode).containsOnly(200);
    assertThat(gateway.upstream.calls("/moving/second")).isEqualTo(10);
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

  @Test
  void aRouteRemovedOrNoLongerNamingTheFilterLeavesTheEndpointAndTheMeters() throws Exception {
    route("leaving", "/leaving/**", Map.of("policy", "prices"));
    gateway.sendHeld("/leaving/first", 2);
    assertThat(executors("gateway.leaving")).hasSize(1);

    route("leaving", "/leaving/**", null);

    assertThat(executors("gateway.leaving")).isEmpty();
    assertThat(meters("gateway.leaving")).isEmpty();
    List<HttpResponse<String>> untouched = gateway.sendHeld("/leaving/second", 5);
    assertThat(untouched).extracting(HttpResponse::statusCode).containsOnly(200);
    assertThat(gateway.upstream.calls("/leaving/second")).isEqualTo(5);

    route("gone", "/gone/**", Map.of("policy", "prices"));
    gateway.sendHeld("/gone/first", 2);
    assertThat(executors("gateway.gone")).hasSize(1);
    gateway.context.getBean(RouteDefinitionWriter.class).delete(Mono.just("gone")).block();
    refresh();

    assertThat(executors("gateway.gone")).isEmpty();
    assertThat(meters("gateway.gone")).isEmpty();
  }

  /** Writes the route with a Collapse filter of {@code args}, and waits until it serves. */
  private static void route(Map<String, String> args) throws InterruptedException {
    route(ROUTE, "/moving/**", args);
  }

  /**
   * Writes the route {@code id} on {@code path}, with a Collapse filter of {@code args} unless
   * null, and waits until it serves.
   */
  private static void route(String id, String path, @Nullable Map<String, String> args)
      throws InterruptedException {
    RouteDefinition route = new RouteDefinition();
    route.setId(id);
    route.setUri(URI.create(gateway.upstreamUri));
    route.setPredicates(List.of(new PredicateDefinition("Path=" + path)));
    if (args != null) {
      FilterDefinition collapse = new FilterDefinition();
      collapse.setName(CollapseGatewayFilterFactory.NAME);
      collapse.setArgs(args);
      route.setFilters(List.of(collapse));
    }
    gateway.context.getBean(RouteDefinitionWriter.class).save(Mono.just(route)).block();
    refresh();
  }

  /** Refreshes the routes and waits until the gateway serves them. */
  private static void refresh() throws InterruptedException {
    CountDownLatch refreshed = new CountDownLatch(1);
    gateway.context.addApplicationListener(new Refreshed(refreshed));
    gateway.context.publishEvent(new RefreshRoutesEvent(GatewayRouteRefreshTest.class));
    assertThat(refreshed.await(20, TimeUnit.SECONDS)).as("the routes refreshed").isTrue();
  }

  /** Hears a refresh after the gateway's own listeners, the Collapse filter's among them. */
  private record Refreshed(CountDownLatch latch)
      implements ApplicationListener<RefreshRoutesResultEvent>, Ordered {

    @Override
    public void onApplicationEvent(RefreshRoutesResultEvent event) {
      latch.countDown();
    }

    @Override
    public int getOrder() {
      return Ordered.LOWEST_PRECEDENCE;
    }
  }

  private static List<CollapseExecutorDescriptor> executors() {
    return executors(EXECUTOR);
  }

  private static List<CollapseExecutorDescriptor> executors(String name) {
    return gateway.context.getBean(CollapseExecutors.class).list().stream()
        .filter(executor -> executor.name().equals(name))
        .toList();
  }

  /** Returns the names and tags of the meters of {@code executor}. */
  private static List<String> meters(String executor) {
    return gateway.context.getBean(MeterRegistry.class).getMeters().stream()
        .map(Meter::getId)
        .filter(id -> executor.equals(id.getTag("executor")))
        .map(id -> id.getName() + id.getTags())
        .toList();
  }

  /** Returns the requests the route's executor counted with {@code outcome}, as metered. */
  private static double count(String outcome) {
    FunctionCounter counter =
        gateway
            .context
            .getBean(MeterRegistry.class)
            .find(HttpCollapseStatsMeterBinder.REQUESTS)
            .tag("executor", EXECUTOR)
            .tag("outcome", outcome)
            .functionCounter();
    assertThat(counter).as("the meter of %s", outcome).isNotNull();
    return counter.count();
  }
}
