package io.github.collapseexecutor.micrometer;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.data.SpanData;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The server spans a test exported to memory, by what each request did. */
final class ServerSpans {

  private static final AttributeKey<String> OUTCOME = AttributeKey.stringKey("collapse.outcome");

  private ServerSpans() {}

  /**
   * Returns the finished server spans of {@code exporter} by their {@code collapse.outcome}
   * ({@code "null"} for none).
   */
  static Map<String, List<SpanData>> byOutcome(InMemorySpanExporter exporter) {
    Map<String, List<SpanData>> spans = new HashMap<>();
    exporter.getFinishedSpanItems().stream()
        .filter(span -> span.getKind() == SpanKind.SERVER)
        .forEach(
            span ->
                spans
                    .computeIfAbsent(
                        String.valueOf(span.getAttributes().get(OUTCOME)),
                        outcome -> new ArrayList<>())
                    .add(span));
    return spans;
  }
}
