package io.github.collapseexecutor.samples.tracing;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.sdk.trace.data.LinkData;
import io.opentelemetry.sdk.trace.data.SpanData;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A few of the spans the tracer recorded, one line each, as an exporter would send them: the
 * shared call's span, the request span that made the call, and the first request spans that
 * joined it, with their links.
 */
final class SpanExcerpt {

  private static final AttributeKey<String> OUTCOME = AttributeKey.stringKey("collapse.outcome");
  private static final AttributeKey<String> SIZE = AttributeKey.stringKey("collapse.batch.size");

  private SpanExcerpt() {}

  /** Returns the lines of the shared spans, the leading request and {@code joined} joined ones. */
  static String of(List<SpanData> spans, int joined) {
    StringBuilder out = new StringBuilder();
    spans.stream()
        .filter(span -> span.getName().startsWith("collapse "))
        .forEach(
            span ->
                out.append(line(span))
                    .append(" collapse.batch.size=")
                    .append(span.getAttributes().get(SIZE))
                    .append(System.lineSeparator()));
    requests(spans, "led")
        .limit(1)
        .forEach(
            span ->
                out.append(line(span))
                    .append(" collapse.outcome=led")
                    .append(System.lineSeparator()));
    requests(spans, "joined")
        .limit(joined)
        .forEach(
            span ->
                out.append(line(span))
                    .append(" collapse.outcome=joined links=")
                    .append(
                        span.getLinks().stream()
                            .map(LinkData::getSpanContext)
                            .map(SpanContext::getSpanId)
                            .collect(Collectors.joining(",", "[", "]")))
                    .append(System.lineSeparator()));
    return out.toString();
  }

  private static Stream<SpanData> requests(List<SpanData> spans, String outcome) {
    return spans.stream()
        .filter(
            span ->
                span.getKind() == SpanKind.SERVER
                    && outcome.equals(span.getAttributes().get(OUTCOME)));
  }

  private static String line(SpanData span) {
    return String.format(
        "%-8s %-28s trace=%s span=%s parent=%s",
        span.getKind(),
        span.getName(),
        span.getTraceId(),
        span.getSpanId(),
        span.getParentSpanId());
  }
}
