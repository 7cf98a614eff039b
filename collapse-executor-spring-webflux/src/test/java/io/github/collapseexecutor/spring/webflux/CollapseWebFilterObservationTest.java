package io.github.collapseexecutor.spring.webflux;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.testing.http.Concurrently;
import io.github.collapseexecutor.testing.http.WebFilterArrivals;
import io.github.collapseexecutor.testing.observation.ObservationStops;
import io.micrometer.observation.ObservationRegistry;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.server.reactive.ReactorHttpHandlerAdapter;
import org.springframework.web.reactive.config.EnableWebFlux;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.adapter.WebHttpHandlerBuilder;
import reactor.netty.DisposableServer;
import reactor.netty.http.server.HttpServer;

/**
 * Spring's own {@code http.server.requests} observation of a WebFlux application, with the
 * collapse filter on and off: a request that got a replay is recorded with the same key values
 * (the route's path pattern among them) as the request that ran the handler, and as it would be
 * without collapse.
 */
@Timeout(60)
final class CollapseWebFilterObservationTest {

  private static final int N = 20;

  private final WebFilterArrivals arrivals = new WebFilterArrivals();

  @Test
  void aReplayedRequestIsRecordedAsTheRequestThatRanTheHandler() throws Exception {
    try (CollapseWebFilter collapse =
        new CollapseWebFilter(
            HttpCollapseOptions.builder().group(CollapseGroup.ofUris("/quote/*")).build())) {
      List<Map<String, String>> recorded = requests(collapse);

      assertThat(arrivals.runs()).as("handler runs").isEqualTo(1);
      assertThat(recorded).hasSize(N).containsOnly(expectedKeyValues());
    }
  }

  @Test
  void withoutCollapseEachRequestIsRecordedSo() throws Exception {
    List<Map<String, String>> recorded = requests((exchange, chain) -> chain.filter(exchange));

    assertThat(arrivals.runs()).as("handler runs").isEqualTo(N);
    assertThat(recorded).hasSize(N).containsOnly(expectedKeyValues());
  }

  private static Map<String, String> expectedKeyValues() {
    return new TreeMap<>(
        Map.of(
            "method",
            "GET",
            "uri",
            "/quote/{id}",
            "status",
            "200",
            "outcome",
            "SUCCESS",
            "exception",
            "none"));
  }

  /** Sends {@code N} identical requests at once and returns the key values each was recorded with. */
  private List<Map<String, String>> requests(WebFilter collapse) throws Exception {
    ConcurrentLinkedQueue<Map<String, String>> recorded = new ConcurrentLinkedQueue<>();
    ObservationStops stops = new ObservationStops("http.server.requests");
    ObservationRegistry registry = ObservationStops.registryWith(stops);
    registry.observationConfig().observationHandler(new KeyValuesOfStops(recorded));
    try (AnnotationConfigApplicationContext context =
        new AnnotationConfigApplicationContext(QuoteRoutes.class)) {
      context.getBean(QuoteRoutes.class).arrivals = arrivals;
      DisposableServer server =
          HttpServer.create()
              .host("127.0.0.1")
              .port(0)
              .handle(
                  new ReactorHttpHandlerAdapter(
                      WebHttpHandlerBuilder.applicationContext(context)
                          .filters(filters -> filters.addAll(List.of(arrivals.filter(), collapse)))
                          .observationRegistry(registry)
                          .build()))
              .bindNow(Duration.ofSeconds(10));
      try {
        HttpClient client = HttpClient.newHttpClient();
        HttpRequest request =
            HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + "/quote/7"))
                .timeout(Duration.ofSeconds(20))
                .build();
        stops.expect(N);
        arrivals.expect(N);
        List<HttpResponse<String>> responses =
            Concurrently.run(N, () -> client.send(request, HttpResponse.BodyHandlers.ofString()));
        assertThat(responses).extracting(HttpResponse::body).containsOnly("quote 7");
        stops.await();
      } finally {
        server.disposeNow(Duration.ofSeconds(10));
      }
    }
    return new ArrayList<>(recorded);
  }

  /** One route with a path variable, through WebFlux's dispatcher, which notes its pattern. */
  @Configuration(proxyBeanMethods = false)
  @EnableWebFlux
  static class QuoteRoutes {

    volatile WebFilterArrivals arrivals;

    @Bean
    RouterFunction<ServerResponse> quotes() {
      return RouterFunctions.route()
          .GET(
              "/quote/{id}",
              request ->
                  arrivals
                      .run()
                      .then(ServerResponse.ok().bodyValue("quote " + request.pathVariable("id"))))
          .build();
    }
  }
}
