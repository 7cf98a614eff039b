package io.github.collapseexecutor.micrometer.annotation;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.testing.annotation.ProfileService;
import io.github.collapseexecutor.testing.annotation.UserService;
import io.github.collapseexecutor.testing.observation.TracingRegistries;
import io.micrometer.observation.ObservationRegistry;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.LinkData;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;

/**
 * Spans of annotated methods through a real tracer (Micrometer Tracing's OpenTelemetry bridge,
 * exporting to memory): one span per run of a method or of a batch method, and each caller's span
 * saying what its call did, linked to the span of the run or batch that served it.
 */
@Timeout(60)
final class AnnotatedMethodSpanLinksTest {

  private static final int N = 20;
  private static final AttributeKey<String> SIZE = AttributeKey.stringKey("collapse.batch.size");

  private final InMemorySpanExporter exporter = InMemorySpanExporter.create();
  private final SdkTracerProvider tracerProvider =
      SdkTracerProvider.builder().addSpanProcessor(SimpleSpanProcessor.create(exporter)).build();
  private final ObservationRegistry registry = TracingRegistries.on(tracerProvider);

  @AfterEach
  void stop() {
    tracerProvider.close();
  }

  @Test
  void callersThatJoinedARunLinkToItsSpan() throws Exception {
    try (AnnotationConfigApplicationContext context = ObservedCallers.start(registry)) {
      ProfileService profiles = context.getBean(ProfileService.class);

      List<Object> results =
          profiles.crowd().run(N, i -> ObservedCallers.call(registry, () -> profiles.profile(7)));

      assertThat(results).containsOnly("profile 7");
      assertThat(profiles.runs().get()).isEqualTo(1);
      List<SpanData> runs = spansNamed("collapse ProfileService.profile");
      assertThat(runs).hasSize(1);
      SpanData run = runs.get(0);
      assertThat(run.getAttributes().get(SIZE)).isEqualTo(Integer.toString(N));
      List<SpanData> callers = spansNamed(ObservedCallers.NAME);
      assertThat(callers).hasSize(N);
      List<SpanData> led = withOutcome(callers, "led");
      assertThat(led).hasSize(1);
      assertThat(run.getParentSpanId()).isEqualTo(led.get(0).getSpanId());
      assertThat(led.get(0).getLinks()).isEmpty();
      assertThat(withOutcome(callers, "joined"))
          .hasSize(N - 1)
          .allSatisfy(
              span ->
                  assertThat(span.getLinks())
                      .extracting(LinkData::getSpanContext)
                      .containsExactly(run.getSpanContext()));
    }
  }

  @Test
  void callersThatJoinedARunThatThrewLinkToItsSpan() throws Exception {
    try (AnnotationConfigApplicationContext context = ObservedCallers.start(registry)) {
      ProfileService profiles = context.getBean(ProfileService.class);

      List<Object> results =
          profiles
              .crowd()
              .run(
                  N,
                  i ->
                      ObservedCallers.call(
                          registry,
                          () -> {
                            try {
                              return profiles.failing(8);
                            } catch (IOException e) {
                              return e;
                            }
                          }));

      assertThat(results).allSatisfy(result -> assertThat(result).isInstanceOf(IOException.class));
      List<SpanData> runs = spansNamed("collapse ProfileService.failing");
      assertThat(runs).hasSize(1);
      SpanData run = runs.get(0);
      List<SpanData> callers = spansNamed(ObservedCallers.NAME);
      assertThat(withOutcome(callers, "led"))
          .singleElement()
          .satisfies(led -> assertThat(led.getLinks()).isEmpty());
      assertThat(withOutcome(callers, "joined"))
          .hasSize(N - 1)
          .allSatisfy(
              span ->
                  assertThat(span.getLinks())
                      .extracting(LinkData::getSpanContext)
                      .containsExactly(run.getSpanContext()));
    }
  }

  @Test
  void everyBatchedCallerLinksToItsBatchsSpanWhichCountsItsCallers() throws Exception {
    try (AnnotationConfigApplicationContext context = ObservedCallers.start(registry)) {
      UserService users = context.getBean(UserService.class);

      List<Object> results =
          users.crowd().run(N, i -> ObservedCallers.call(registry, () -> users.user(i)));

      assertThat(results).isEqualTo(IntStream.range(0, N).mapToObj(i -> "user " + i).toList());
      Map<SpanContext, SpanData> batches =
          spansNamed("collapse UserService.user").stream()
              .collect(Collectors.toMap(SpanData::getSpanContext, Function.identity()));
      // the first call runs alone and holds the batch method until the others queued
      assertThat(batches).hasSizeBetween(2, N);
      List<SpanData> callers = spansNamed(ObservedCallers.NAME);
      assertThat(withOutcome(callers, "batched"))
          .hasSize(N)
          .allSatisfy(
              span ->
                  assertThat(span.getLinks())
                      .singleElement()
                      .satisfies(link -> assertThat(batches).containsKey(link.getSpanContext())));
      Map<SpanContext, Long> callersPerBatch =
          callers.stream()
              .collect(
                  Collectors.groupingBy(
                      span -> span.getLinks().get(0).getSpanContext(), Collectors.counting()));
      assertThat(batches.values())
          .allSatisfy(
              batch ->
                  assertThat(batch.getAttributes().get(SIZE))
                      .isEqualTo(Long.toString(callersPerBatch.get(batch.getSpanContext()))));
    }
  }

  private List<SpanData> spansNamed(String name) {
    return FinishedSpans.named(exporter, name);
  }

  private static List<SpanData> withOutcome(List<SpanData> spans, String outcome) {
    return FinishedSpans.withOutcome(spans, outcome);
  }
}
