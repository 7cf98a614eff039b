package io.github.collapseexecutor.micrometer;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.spring.annotation.Collapsible;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorAutoConfiguration;
import io.github.collapseexecutor.spring.boot.autoconfigure.annotation.CollapseAnnotationAutoConfiguration;
import io.github.collapseexecutor.testing.observation.ObservationStops;
import io.github.collapseexecutor.testing.observation.TracingRegistries;
import io.micrometer.observation.ObservationRegistry;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.LinkData;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ApplicationContext;
import org.springframework.http.client.reactive.ReactorClientHttpConnector;
import org.springframework.http.server.reactive.ReactorHttpHandlerAdapter;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.reactive.config.EnableWebFlux;
import org.springframework.web.reactive.function.client.WebClient;
import org.springframework.web.server.adapter.WebHttpHandlerBuilder;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.netty.DisposableServer;
import reactor.netty.http.client.HttpClient;
import reactor.netty.http.server.HttpServer;

/**
 * The spans Spring itself makes of the requests to a WebFlux controller, on Reactor Netty, that
 * returns the {@code Mono} of a {@code @Collapsible} method, with Micrometer Tracing over
 * OpenTelemetry and each request sent by a traced client: WebFlux keeps a request's observation in
 * the Reactor context of its response, not on a thread, and the span of every request that joined
 * the run is tagged and links to the run's span all the same.
 */
@Timeout(60)
final class WebFluxServerSpanLinksTest {

  private static final int N = 30;

  private final InMemorySpanExporter exporter = InMemorySpanExporter.create();
  private final SdkTracerProvider tracerProvider =
      SdkTracerProvider.builder().addSpanProcessor(SimpleSpanProcessor.create(exporter)).build();
  private final ObservationStops serverStops = new ObservationStops("http.server.requests");
  // the stops registered first, so that they hear of a stop once the tracer ended the span
  private final ObservationRegistry registry =
      TracingRegistries.propagating(tracerProvider, ObservationStops.registryWith(serverStops));
  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(
              AutoConfigurations.of(
                  CollapseExecutorAutoConfiguration.class,
                  CollapseAnnotationAutoConfiguration.class))
          .withUserConfiguration(WebFluxConfig.class)
          .withBean(ObservationRegistry.class, () -> registry)
          .withBean(Quotes.class, Quotes::new)
          .withBean(QuoteController.class);

  @AfterEach
  void close() {
    tracerProvider.close();
  }

  @Test
  void requestsThatJoinedARunLinkToItsSpan() {
    runner.run(
        context -> {
          DisposableServer server = serve(context);
          try {
            assertThat(requests(server.port(), "/quote/7")).hasSize(N).containsOnly("quote 7");
          } finally {
            server.disposeNow(Duration.ofSeconds(10));
          }

          List<SpanData> runs =
              exporter.getFinishedSpanItems().stream()
                  .filter(span -> span.getName().startsWith("collapse "))
                  .toList();
          assertThat(runs).hasSize(1);
          SpanData run = runs.get(0);
          Map<String, List<SpanData>> requests = serverSpansByOutcome();
          assertThat(requests.keySet()).containsExactlyInAnyOrder("led", "joined");
          assertThat(requests.get("led"))
              .singleElement()
              .satisfies(
                  led -> {
                    assertThat(run.getParentSpanId()).isEqualTo(led.getSpanId());
                    assertThat(led.getLinks()).isEmpty();
                  });
          assertThat(requests.get("joined"))
              .hasSize(N - 1)
              .allSatisfy(
                  span ->
                      assertThat(span.getLinks())
                          .extracting(LinkData::getSpanContext)
                          .containsExactly(run.getSpanContext()));
        });
  }

  /** Serves {@code context}'s WebFlux application on loopback, observed as Spring observes it. */
  private DisposableServer serve(ApplicationContext context) {
    ReactorHttpHandlerAdapter handler =
        new ReactorHttpHandlerAdapter(
            WebHttpHandlerBuilder.applicationContext(context)
                .observationRegistry(registry)
                .build());
    return HttpServer.create()
        .host("127.0.0.1")
        .port(0)
        .handle(handler)
        .bindNow(Duration.ofSeconds(10));
  }

  /**
   * Sends {@code N} requests at once, each on a connection of its own, through a traced client;
   * returns the bodies once every server observation stopped.
   */
  private List<String> requests(int port, String path) {
    WebClient client =
        WebClient.builder()
            .baseUrl("http://127.0.0.1:" + port)
            .clientConnector(new ReactorClientHttpConnector(HttpClient.newConnection()))
            .observationRegistry(registry)
            .build();
    serverStops.expect(N);
    List<String> bodies =
        Flux.range(0, N)
            .flatMap(i -> client.get().uri(path).retrieve().bodyToMono(String.class), N)
            .collectList()
            .block(Duration.ofSeconds(30));
    serverStops.await();
    return bodies;
  }

  private Map<String, List<SpanData>> serverSpansByOutcome() {
    return ServerSpans.byOutcome(exporter);
  }

  @EnableWebFlux
  static class WebFluxConfig {}

  @RestController
  static class QuoteController {

    private final Quotes quotes;

    QuoteController(Quotes quotes) {
      this.quotes = quotes;
    }

    /**
     * Subscribes to the method's {@code Mono} in the request's own context, as WebFlux would, but
     * here, so as to count the request once its subscription joined the run or started it.
     */
    @GetMapping("/quote/{id}")
    Mono<String> quote(@PathVariable("id") int id) {
      return Mono.deferContextual(
          request -> {
            CompletableFuture<String> quote = quotes.quote(id).contextWrite(request).toFuture();
            quotes.subscribed();
            return Mono.fromFuture(quote);
          });
    }
  }

  /** The run ends once every request of the test subscribed, so that they all share it. */
  static class Quotes {

    private final AtomicInteger subscribed = new AtomicInteger();
    private final CompletableFuture<Void> everyone = new CompletableFuture<>();

    @Collapsible
    public Mono<String> quote(int id) {
      return Mono.fromFuture(everyone).thenReturn("quote " + id).timeout(Duration.ofSeconds(10));
    }

    public void subscribed() {
      if (subscribed.incrementAndGet() == N) {
        everyone.complete(null);
      }
    }
  }
}
