package io.github.collapseexecutor.micrometer.annotation;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.data.SpanData;
import java.util.List;
import java.util.Locale;

/** The spans a test exported to memory, picked by name and by what the caller's call did. */
final class FinishedSpans {

  private static final AttributeKey<String> OUTCOME = AttributeKey.stringKey("collapse.outcome");

  private FinishedSpans() {}

  /**
   * Returns the finished spans of {@code exporter} named {@code name}, as Micrometer Tracing
   * writes it: as it is since 1.6 (Spring Boot 4), in lower hyphen case before (Spring Boot 3:
   * {@code collapse -profile-service.profile}).
   */
  static List<SpanData> named(InMemorySpanExporter exporter, String name) {
    return exporter.getFinishedSpanItems().stream()
        .filter(span -> withoutCase(span.getName()).equals(withoutCase(name)))
        .toList();
  }

  private static String withoutCase(String name) {
    return name.replace("-", "").toLowerCase(Locale.ROOT);
  }

  /** Returns the spans of {@code spans} whose {@code collapse.outcome} is {@code outcome}. */
  static List<SpanData> withOutcome(List<SpanData> spans, String outcome) {
    return spans.stream()
        .filter(span -> outcome.equals(span.getAttributes().get(OUTCOME)))
        .toList();
  }
}
