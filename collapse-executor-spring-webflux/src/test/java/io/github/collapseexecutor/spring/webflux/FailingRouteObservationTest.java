package io.github.collapseexecutor.spring.webflux;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.testing.http.Concurrently;
import io.github.collapseexecutor.testing.http.WebFilterArrivals;
import io.github.collapseexecutor.testing.observation.ObservationStops;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.observation.DefaultMeterObservationHandler;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.observation.ObservationRegistry;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.http.server.reactive.ReactorHttpHandlerAdapter;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.http.server.reactive.observation.ServerRequestObservationContext;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.reactive.config.EnableWebFlux;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebExceptionHandler;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.adapter.WebHttpHandlerBuilder;
import reactor.core.publisher.Mono;
import reactor.netty.DisposableServer;
import reactor.netty.http.server.HttpServer;

/**
 * A route whose handler fails, in a WebFlux application whose error handler renders the failure
 * (as Spring Boot's does) and whose {@code http.server.requests} is recorded as timers: with
 * collapse on, every one of many identical requests at once is counted under the route's
 * pattern, with its status and exception, as without collapse: for a failure that reaches the
 * error handler, which the request that runs the handler first gets alone while the requests
 * that waited for it run the chain themselves, and for one the controller answers itself, whose
 * response is shared with the exception it noted on the observation.
 */
@Timeout(60)
final class FailingRouteObservationTest {

  private static final int N = 24;

  private final WebFilterArrivals arrivals = new WebFilterArrivals();
  private final HttpClient http =
      HttpClient.newBuilder()
          .version(HttpClient.Version.HTTP_1_1)
          .connectTimeout(Duration.ofSeconds(20))
          .build();

  @ParameterizedTest(name = "collapse on: {0}, {1}")
  @CsvSource({"true, fail", "false, fail", "true, handled", "false, handled"})
  void everyRequestOfAFailingRouteIsCountedUnderTheRoute(boolean on, String route)
      throws Exception {
    ObservationStops stops = new ObservationStops("http.server.requests");
    // registered first, so told of each stop last, once its timer has been recorded
    ObservationRegistry registry = ObservationStops.registryWith(stops);
    SimpleMeterRegistry meters = new SimpleMeterRegistry();
    registry.observationConfig().observationHandler(new DefaultMeterObservationHandler(meters));
    ConcurrentLinkedQueue<Map<String, String>> recorded = new ConcurrentLinkedQueue<>();
    registry.observationConfig().observationHandler(new KeyValuesOfStops(recorded));
    CollapseWebFilter collapse =
        new CollapseWebFilter(
            HttpCollapseOptions.builder().group(CollapseGroup.ofUris("/**")).build());
    WebFilter passing = (exchange, chain) -> chain.filter(exchange);
    try (AnnotationConfigApplicationContext context =
        new AnnotationConfigApplicationContext(FailingApp.class)) {
      context.getBean(Routes.class).arrivals = arrivals;
      DisposableServer server =
          HttpServer.create()
              .host("127.0.0.1")
              .port(0)
              .handle(
                  new ReactorHttpHandlerAdapter(
                      WebHttpHandlerBuilder.applicationContext(context)
                          .filters(
                              filters ->
                                  filters.addAll(
                                      List.of(arrivals.filter(), on ? collapse : passing)))
                          .observationRegistry(registry)
                          .build()))
              .bindNow(Duration.ofSeconds(10));
      try {
        HttpRequest request =
            HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + server.port() + "/" + route + "/7"))
                .timeout(Duration.ofSeconds(20))
                .build();
        stops.expect(N);
        arrivals.expect(N);

        List<HttpResponse<String>> responses =
            Concurrently.run(N, () -> http.send(request, HttpResponse.BodyHandlers.ofString()));

        assertThat(responses)
            .allSatisfy(
                response -> {
                  assertThat(response.statusCode()).isEqualTo(500);
                  assertThat(response.body())
                      .isEqualTo("{\"status\":500,\"path\":\"/" + route + "/7\"}");
                });
        stops.await();
      } finally {
        server.disposeNow(Duration.ofSeconds(10));
      }
    } finally {
      collapse.close();
    }
    String pattern = "/" + route + "/{id}";
    String exception = route.equals("fail") ? "IllegalStateException" : "HandledHere";
    assertThat(recorded)
        .hasSize(N)
        .containsOnly(
            new TreeMap<>(
                Map.of(
                    "method",
                    "GET",
                    "uri",
                    pattern,
                    "status",
                    "500",
                    "outcome",
                    "SERVER_ERROR",
                    "exception",
                    exception)));
    Timer timer =
        meters
            .find("http.server.requests")
            .tags("uri", pattern, "status", "500", "exception", exception)
            .timer();
    assertThat(timer).isNotNull();
    assertThat(timer.count()).isEqualTo(N);
    assertThat(meters.find("http.server.requests").timers())
        .as("one timer, the route's")
        .hasSize(1);
    if (on && route.equals("fail")) {
      assertThat(collapse.stats().fellBack())
          .as("requests that waited for the failed one and ran the chain themselves")
          .isEqualTo(N - 1);
    } else if (on) {
      assertThat(collapse.stats().replayed()).as("requests that got a replay").isEqualTo(N - 1);
    }
  }

  /** An annotated route that fails once every request of the test reached the filters. */
  @Configuration(proxyBeanMethods = false)
  @EnableWebFlux
  static class FailingApp {

    @Bean
    Routes routes() {
      return new Routes();
    }

    /** Renders every failure as a 500 naming the path, first, as Spring Boot's handler does. */
    @Bean
    @Order(-2)
    WebExceptionHandler errorPage() {
      return (exchange, failure) -> {
        ServerHttpResponse response = exchange.getResponse();
        response.setStatusCode(HttpStatus.INTERNAL_SERVER_ERROR);
        response.getHeaders().setContentType(MediaType.APPLICATION_JSON);
        String body = "{\"status\":500,\"path\":\"" + exchange.getRequest().getPath() + "\"}";
        return response.writeWith(
            Mono.fromSupplier(
                () -> response.bufferFactory().wrap(body.getBytes(StandardCharsets.UTF_8))));
      };
    }
  }

  @RestController
  static class Routes {

    volatile WebFilterArrivals arrivals;

    @GetMapping("/fail/{id}")
    Mono<String> fail(@PathVariable("id") String id) {
      return arrivals.run().then(Mono.error(new IllegalStateException("item " + id + " failed")));
    }

    @GetMapping("/handled/{id}")
    Mono<String> handled(@PathVariable("id") String id) {
      return arrivals.run().then(Mono.error(new HandledHere("item " + id + " failed")));
    }

    /**
     * Answers 500 itself and notes the exception on the server's observation, as Spring's
     * reference shows for an exception that a handler method handles: the response is shared.
     */
    @ExceptionHandler(HandledHere.class)
    ResponseEntity<String> failed(HandledHere failure, ServerWebExchange exchange) {
      ServerRequestObservationContext.findCurrent(exchange.getAttributes())
          .ifPresent(context -> context.setError(failure));
      return ResponseEntity.status(500)
          .contentType(MediaType.APPLICATION_JSON)
          .body("{\"status\":500,\"path\":\"" + exchange.getRequest().getPath() + "\"}");
    }
  }

  /** A failure of the route that its controller answers itself. */
  static final class HandledHere extends IllegalStateException {

    HandledHere(String message) {
      super(message);
    }
  }
}
