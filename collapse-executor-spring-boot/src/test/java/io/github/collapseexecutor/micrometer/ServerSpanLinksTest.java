package io.github.collapseexecutor.micrometer;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.spring.annotation.CollapseBatch;
import io.github.collapseexecutor.spring.annotation.Collapsible;
import io.github.collapseexecutor.testing.http.Concurrently;
import io.github.collapseexecutor.testing.observation.ObservationStops;
import io.github.collapseexecutor.testing.observation.TracingRegistries;
import io.micrometer.observation.ObservationRegistry;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.LinkData;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.http.client.JdkClientHttpRequestFactory;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.client.RestClient;

/**
 * The spans Spring itself makes of the requests to a Spring MVC controller that calls annotated
 * methods or sits behind the servlet filter, with Micrometer Tracing over OpenTelemetry as Spring
 * Boot sets it up, each request sent by a traced client so that its server span continues the
 * client's trace: the span of every request that joined a run or a shared call, or was served by
 * a batch, links to the span of that run, call or batch.
 */
@SpringBootTest(
    classes = ServerSpanLinksTest.App.class,
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
    properties = {
      "collapse.executor.executors.quotes.max-batch-size=100",
      "collapse.executor.servlet.collapse-groups[0].uris[0]=/served/*"
    })
@Timeout(120)
final class ServerSpanLinksTest {

  private static final int N = 20;
  private static final InMemorySpanExporter EXPORTER = InMemorySpanExporter.create();
  private static final SdkTracerProvider TRACER_PROVIDER =
      SdkTracerProvider.builder().addSpanProcessor(SimpleSpanProcessor.create(EXPORTER)).build();
  // not a bean: Spring Boot adds every handler bean to the registry, after the tracing handler
  private static final ObservationStops SERVER_STOPS = new ObservationStops("http.server.requests");

  @LocalServerPort private int port;

  @Autowired private ObservationRegistry registry;

  @Autowired private HeldRequests held;

  @AfterAll
  static void close() {
    TRACER_PROVIDER.close();
  }

  @BeforeEach
  void clear() {
    EXPORTER.reset();
  }

  @Test
  void requestsThatJoinedARunLinkToItsSpan() throws Exception {
    List<String> quotes = requests(i -> "/quote/7");

    assertThat(quotes).containsOnly("quote 7");
    assertOneSharedSpanLinkedFromEveryJoinedRequest();
  }

  @Test
  void requestsTheServletFilterAnsweredWithAReplayLinkToTheSharedCall() throws Exception {
    List<String> quotes = requests(i -> "/served/7");

    assertThat(quotes).containsOnly("served 7");
    assertOneSharedSpanLinkedFromEveryJoinedRequest();
  }

  private static void assertOneSharedSpanLinkedFromEveryJoinedRequest() {
    List<SpanData> runs = sharedSpans();
    assertThat(runs).hasSize(1);
    SpanData run = runs.get(0);
    Map<String, List<SpanData>> requests = serverSpansByOutcome();
    assertThat(requests.keySet()).containsExactlyInAnyOrder("led", "joined");
    SpanData led = requests.get("led").get(0);
    assertThat(requests.get("led")).hasSize(1);
    assertThat(run.getParentSpanId()).isEqualTo(led.getSpanId());
    assertThat(led.getLinks()).isEmpty();
    assertThat(requests.get("joined"))
        .hasSize(N - 1)
        .allSatisfy(
            span ->
                assertThat(span.getLinks())
                    .extracting(LinkData::getSpanContext)
                    .containsExactly(run.getSpanContext()));
  }

  @Test
  void requestsServedByABatchLinkToItsSpan() throws Exception {
    List<String> quotes = requests(i -> "/batched/" + i);

    assertThat(quotes).isEqualTo(IntStream.range(0, N).mapToObj(i -> "quote " + i).toList());
    Set<SpanContext> batches =
        sharedSpans().stream().map(SpanData::getSpanContext).collect(Collectors.toSet());
    // the first request runs alone and holds the batch method until the others queued
    assertThat(batches).hasSizeBetween(2, N);
    Map<String, List<SpanData>> requests = serverSpansByOutcome();
    assertThat(requests.keySet()).containsExactly("batched");
    assertThat(requests.get("batched"))
        .hasSize(N)
        .allSatisfy(
            span ->
                assertThat(span.getLinks())
                    .singleElement()
                    .satisfies(link -> assertThat(batches).contains(link.getSpanContext())));
  }

  /** Sends {@code N} requests at once through a traced client; returns each body, in order. */
  private List<String> requests(IntFunction<String> path) throws Exception {
    RestClient client =
        RestClient.builder()
            .baseUrl("http://127.0.0.1:" + port)
            .requestFactory(new JdkClientHttpRequestFactory())
            .observationRegistry(registry)
            .build();
    held.expect(N);
    SERVER_STOPS.expect(N);
    AtomicInteger next = new AtomicInteger();
    String[] bodies = new String[N];
    Concurrently.run(
        N,
        () -> {
          int i = next.getAndIncrement();
          bodies[i] = client.get().uri(path.apply(i)).retrieve().body(String.class);
          return i;
        });
    SERVER_STOPS.await();
    return List.of(bodies);
  }

  private static List<SpanData> sharedSpans() {
    return EXPORTER.getFinishedSpanItems().stream()
        .filter(span -> span.getName().startsWith("collapse "))
        .toList();
  }

  private static Map<String, List<SpanData>> serverSpansByOutcome() {
    return ServerSpans.byOutcome(EXPORTER);
  }

  /**
   * Spring Boot 3's actuator sets up tracing of its own whenever Micrometer Tracing's OpenTelemetry
   * bridge is on the class path, and adds its tracing handlers to this test's registry after the
   * test's: both keep their span in the same tracing context of the observation, Spring Boot's
   * replaces the test's, both end Spring Boot's, and the test's spans are never exported. Spring
   * Boot 4 sets up tracing in a module this test does not use, and an auto-configuration that is
   * not on the class path is no error to exclude.
   */
  @SpringBootConfiguration
  @EnableAutoConfiguration(
      excludeName =
          "org.springframework.boot.actuate.autoconfigure.tracing.MicrometerTracingAutoConfiguration")
  static class App {

    /** Traced as Spring Boot traces, with the server's stops first, so that they hear last. */
    @Bean
    ObservationRegistry observationRegistry() {
      return TracingRegistries.propagating(
          TRACER_PROVIDER, ObservationStops.registryWith(SERVER_STOPS));
    }

    @Bean
    HeldRequests heldRequests() {
      return new HeldRequests();
    }

    /** Before the collapse filter, which answers the requests that joined. */
    @Bean
    FilterRegistrationBean<HeldRequests> heldRequestsFilter(HeldRequests held) {
      FilterRegistrationBean<HeldRequests> registration = new FilterRegistrationBean<>(held);
      registration.setOrder(0);
      return registration;
    }

    @Bean
    Quotes quotes(HeldRequests held) {
      return new Quotes(held);
    }

    @Bean
    QuoteController quoteController(Quotes quotes, HeldRequests held) {
      return new QuoteController(quotes, held);
    }
  }

  @RestController
  static class QuoteController {

    private final Quotes quotes;
    private final HeldRequests held;

    QuoteController(Quotes quotes, HeldRequests held) {
      this.quotes = quotes;
      this.held = held;
    }

    @GetMapping("/quote/{id}")
    String quote(@PathVariable("id") int id) {
      return quotes.quote(id);
    }

    @GetMapping("/served/{id}")
    String served(@PathVariable("id") int id) {
      held.hold();
      return "served " + id;
    }

    @GetMapping("/batched/{id}")
    String batched(@PathVariable("id") int id) {
      return quotes.batched(id);
    }
  }

  static class Quotes {

    private final HeldRequests held;

    Quotes(HeldRequests held) {
      this.held = held;
    }

    @Collapsible
    public String quote(int id) {
      held.hold();
      return "quote " + id;
    }

    @CollapseBatch(batchMethod = "quotes", executor = "quotes")
    public String batched(Integer id) {
      return quotes(List.of(id)).get(id);
    }

    public Map<Integer, String> quotes(List<Integer> ids) {
      held.hold();
      return ids.stream().collect(Collectors.toMap(id -> id, id -> "quote " + id));
    }
  }
}
