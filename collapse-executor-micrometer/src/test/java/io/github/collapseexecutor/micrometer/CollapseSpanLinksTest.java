package io.github.collapseexecutor.micrometer;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.http.CollapseGroup;
import io.github.collapseexecutor.http.HttpCollapseOptions;
import io.github.collapseexecutor.spring.http.client.CollapseHttpRequestInterceptor;
import io.github.collapseexecutor.spring.http.reactive.CollapseExchangeFilterFunction;
import io.github.collapseexecutor.testing.observation.ObservationStops;
import io.github.collapseexecutor.testing.observation.TracingRegistries;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import io.micrometer.observation.contextpropagation.ObservationThreadLocalAccessor;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.LinkData;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.http.client.JdkClientHttpRequestFactory;
import org.springframework.web.client.RestClient;
import org.springframework.web.reactive.function.client.WebClient;

/**
 * Spans through a real tracer (Micrometer Tracing's OpenTelemetry bridge, exporting to memory):
 * one span for the shared call, a child of the request that made it, and one span per request,
 * each that joined linking to the shared call's span.
 */
final class CollapseSpanLinksTest {

  private static final int N = 20;
  private static final AttributeKey<String> OUTCOME = AttributeKey.stringKey("collapse.outcome");

  private final InMemorySpanExporter exporter = InMemorySpanExporter.create();
  private final SdkTracerProvider tracerProvider =
      SdkTracerProvider.builder().addSpanProcessor(SimpleSpanProcessor.create(exporter)).build();
  // WebClient stops its observation, and the shared call's, just after the callers have their
  // response: the test waits until they all stopped
  private final ObservationStops requestStops = new ObservationStops("http.client.requests");
  private final ObservationStops sharedStops =
      new ObservationStops(DefaultCollapseObservationConvention.NAME);
  private final ObservationRegistry registry =
      TracingRegistries.on(
          tracerProvider, ObservationStops.registryWith(requestStops, sharedStops));
  private final MeetingBackend backend = new MeetingBackend();

  @AfterEach
  void stop() {
    backend.close();
    tracerProvider.close();
  }

  @Test
  void restClientRequestsThatJoinedLinkToTheSharedCall() throws Exception {
    RestClient client = restClient();

    assertOneSharedSpanLinkedFromEveryJoinedRequest(
        () -> client.get().uri("/user/1").retrieve().body(String.class));
  }

  @Test
  void webClientRequestsThatJoinedLinkToTheSharedCall() throws Exception {
    WebClient client = webClient();

    assertOneSharedSpanLinkedFromEveryJoinedRequest(
        () ->
            client
                .get()
                .uri("/user/1")
                .retrieve()
                .bodyToMono(String.class)
                .block(Duration.ofSeconds(20)));
  }

  @Test
  void restClientRequestsMadeInsideASpanThatJoinedLinkToTheSharedCall() throws Exception {
    RestClient client = restClient();

    assertOneSharedSpanLinkedFromEveryJoinedRequest(
        () -> insideASpan(() -> client.get().uri("/user/1").retrieve().body(String.class)));
  }

  /**
   * The exchange runs on the caller's thread, where the caller's own span is current: the shared
   * call is still a child of the leading exchange's span, not of the caller's.
   */
  @Test
  void webClientRequestsMadeInsideASpanThatJoinedLinkToTheSharedCall() throws Exception {
    WebClient client = webClient();

    assertOneSharedSpanLinkedFromEveryJoinedRequest(
        () ->
            insideASpan(
                () ->
                    client
                        .get()
                        .uri("/user/1")
                        .retrieve()
                        .bodyToMono(String.class)
                        .contextWrite(
                            context ->
                                context.put(
                                    ObservationThreadLocalAccessor.KEY,
                                    registry.getCurrentObservation()))
                        .block(Duration.ofSeconds(20))));
  }

  private RestClient restClient() {
    return RestClient.builder()
        .requestFactory(new JdkClientHttpRequestFactory())
        .baseUrl(backend.baseUrl())
        .observationRegistry(registry)
        .requestInterceptor(new CollapseHttpRequestInterceptor(options()))
        .build();
  }

  private WebClient webClient() {
    return WebClient.builder()
        .baseUrl(backend.baseUrl())
        .observationRegistry(registry)
        .filter(new CollapseExchangeFilterFunction(options()))
        .build();
  }

  /**
   * Returns what {@code call} returns, made inside a span of the caller's own, so that the
   * client's span is a child: the tracer wraps such spans in a view of its own.
   */
  private Object insideASpan(Supplier<Object> call) {
    return Observation.createNotStarted("work", registry).observe(call);
  }

  private void assertOneSharedSpanLinkedFromEveryJoinedRequest(Callable<?> call) throws Exception {
    requestStops.expect(N);
    sharedStops.expect(1);
    List<Object> bodies = backend.meet(N, call);
    requestStops.await();
    sharedStops.await();

    assertThat(bodies).containsOnly("answer");
    List<SpanData> spans = exporter.getFinishedSpanItems();
    List<SpanData> shared =
        spans.stream().filter(span -> span.getName().equals("collapse users")).toList();
    assertThat(shared).hasSize(1);
    SpanData call1 = shared.get(0);
    assertThat(call1.getAttributes().get(AttributeKey.stringKey("collapse.batch.size")))
        .isEqualTo(Integer.toString(N));
    List<SpanData> requests =
        spans.stream().filter(span -> span.getAttributes().get(OUTCOME) != null).toList();
    assertThat(requests).hasSize(N);
    SpanData leader = single(requests, "led");
    assertThat(call1.getParentSpanId()).isEqualTo(leader.getSpanId());
    assertThat(call1.getTraceId()).isEqualTo(leader.getTraceId());
    assertThat(leader.getLinks()).isEmpty();
    List<SpanData> joined =
        requests.stream()
            .filter(span -> "joined".equals(span.getAttributes().get(OUTCOME)))
            .toList();
    assertThat(joined)
        .hasSize(N - 1)
        .allSatisfy(
            span -> {
              assertThat(span.getTraceId()).isNotEqualTo(call1.getTraceId());
              assertThat(span.getLinks())
                  .extracting(LinkData::getSpanContext)
                  .containsExactly(call1.getSpanContext());
            });
  }

  private static SpanData single(List<SpanData> spans, String outcome) {
    List<SpanData> matching =
        spans.stream().filter(span -> outcome.equals(span.getAttributes().get(OUTCOME))).toList();
    assertThat(matching).as("spans that %s", outcome).hasSize(1);
    return matching.get(0);
  }

  private HttpCollapseOptions options() {
    return HttpCollapseOptions.builder()
        .name("users")
        .group(CollapseGroup.ofUris("/user/*"))
        .observations(CollapseObservations.of(registry))
        .build();
  }
}
