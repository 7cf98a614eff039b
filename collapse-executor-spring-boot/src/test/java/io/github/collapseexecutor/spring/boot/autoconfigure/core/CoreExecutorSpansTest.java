package io.github.collapseexecutor.spring.boot.autoconfigure.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorAutoConfiguration;
import io.github.collapseexecutor.testing.observation.TracingRegistries;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * Through Micrometer Tracing's OpenTelemetry bridge, a batch of an executor built from the
 * {@code CollapseExecutorOptions} bean is a span around {@code doExecute}: the backend call made
 * inside it is its child, and it is a child of the span of the caller whose thread ran it.
 */
@Timeout(60)
final class CoreExecutorSpansTest {

  private final InMemorySpanExporter exporter = InMemorySpanExporter.create();
  private final SdkTracerProvider tracerProvider =
      SdkTracerProvider.builder().addSpanProcessor(SimpleSpanProcessor.create(exporter)).build();
  private final ObservationRegistry registry = TracingRegistries.on(tracerProvider);

  @AfterEach
  void closeTracer() {
    tracerProvider.close();
  }

  @Test
  void theBackendCallInsideDoExecuteIsAChildOfTheBatchsSpan() {
    new ApplicationContextRunner()
        .withConfiguration(AutoConfigurations.of(CollapseExecutorAutoConfiguration.class))
        .withBean(ObservationRegistry.class, () -> registry)
        .withBean(UserLoaderConfiguration.class)
        .run(
            context -> {
              UserLoader users = context.getBean(UserLoader.class);

              Object user =
                  Observation.createNotStarted("caller", registry).observe(() -> users.execute(3L));

              assertThat(user).isEqualTo("user 3");
              List<SpanData> spans = exporter.getFinishedSpanItems();
              SpanData caller = span(spans, "caller");
              SpanData batch = span(spans, "collapse users");
              SpanData backend = span(spans, UserLoader.BACKEND);
              assertThat(backend.getParentSpanId()).isEqualTo(batch.getSpanId());
              assertThat(batch.getParentSpanId()).isEqualTo(caller.getSpanId());
              assertThat(batch.getTraceId()).isEqualTo(caller.getTraceId());
            });
  }

  private static SpanData span(List<SpanData> spans, String name) {
    return spans.stream()
        .filter(span -> span.getName().equals(name))
        .findFirst()
        .orElseThrow(
            () ->
                new AssertionError(
                    "no span " + name + " in " + spans.stream().map(SpanData::getName).toList()));
  }
}
