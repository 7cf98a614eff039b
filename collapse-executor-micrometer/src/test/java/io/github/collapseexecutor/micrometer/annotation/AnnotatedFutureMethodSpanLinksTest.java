package io.github.collapseexecutor.micrometer.annotation;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.core.CollapseListener;
import io.github.collapseexecutor.micrometer.annotation.FutureCallers.Caller;
import io.github.collapseexecutor.micrometer.annotation.FutureCallers.Kind;
import io.github.collapseexecutor.micrometer.annotation.FutureCallers.PendingService;
import io.github.collapseexecutor.testing.observation.TracingRegistries;
import io.micrometer.observation.ObservationRegistry;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.LinkData;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import java.io.IOException;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;

/**
 * Spans of {@code @Collapsible} methods returning a future, a stage or a {@code Mono}, through a
 * real tracer (Micrometer Tracing's OpenTelemetry bridge, exporting to memory): one span per run,
 * a child of the span of the caller that started it, and the span of every caller that joined it
 * linked to it, whether the run succeeded or failed.
 */
@Timeout(60)
final class AnnotatedFutureMethodSpanLinksTest {

  private static final int N = 5;

  private final InMemorySpanExporter exporter = InMemorySpanExporter.create();
  private final SdkTracerProvider tracerProvider =
      SdkTracerProvider.builder().addSpanProcessor(SimpleSpanProcessor.create(exporter)).build();
  private final ObservationRegistry registry = TracingRegistries.on(tracerProvider);

  @AfterEach
  void stop() {
    tracerProvider.close();
  }

  @ParameterizedTest
  @EnumSource(Kind.class)
  void callersThatJoinedARunLinkToItsSpan(Kind kind) throws Exception {
    assertCallersLinkToTheRun(kind, run -> run.complete("value 1"));
  }

  @ParameterizedTest
  @EnumSource(Kind.class)
  void callersThatJoinedARunThatFailedLinkToItsSpan(Kind kind) throws Exception {
    assertCallersLinkToTheRun(kind, run -> run.completeExceptionally(new IOException("down")));
  }

  private void assertCallersLinkToTheRun(Kind kind, Consumer<CompletableFuture<String>> end)
      throws Exception {
    try (AnnotationConfigApplicationContext context =
        FutureCallers.start(registry, CollapseListener.NONE)) {
      PendingService service = context.getBean(PendingService.class);

      List<Caller> callers =
          FutureCallers.call(registry, N, (i, observation) -> kind.call(service, 1, observation));
      end.accept(service.pending().remove());
      callers.forEach(Caller::outcome);
      FutureCallers.stop(callers);

      List<SpanData> runs =
          spansNamed("collapse PendingService." + kind.name().toLowerCase(Locale.ROOT));
      assertThat(runs).hasSize(1);
      SpanData run = runs.get(0);
      List<SpanData> spans = spansNamed(ObservedCallers.NAME);
      assertThat(spans).hasSize(N);
      List<SpanData> led = withOutcome(spans, "led");
      assertThat(led)
          .singleElement()
          .satisfies(
              leader -> {
                assertThat(run.getParentSpanId()).isEqualTo(leader.getSpanId());
                assertThat(leader.getLinks()).isEmpty();
              });
      assertThat(withOutcome(spans, "joined"))
          .hasSize(N - 1)
          .allSatisfy(
              span ->
                  assertThat(span.getLinks())
                      .extracting(LinkData::getSpanContext)
                      .containsExactly(run.getSpanContext()));
    }
  }

  private List<SpanData> spansNamed(String name) {
    return FinishedSpans.named(exporter, name);
  }

  private static List<SpanData> withOutcome(List<SpanData> spans, String outcome) {
    return FinishedSpans.withOutcome(spans, outcome);
  }
}
