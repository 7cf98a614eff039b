package io.github.collapseexecutor.micrometer.internal;

import io.micrometer.observation.Observation;
import io.micrometer.tracing.Span;
import io.micrometer.tracing.handler.TracingObservationHandler.TracingContext;
import io.micrometer.tracing.otel.bridge.OtelSpan;
import io.opentelemetry.api.trace.SpanContext;
import org.jspecify.annotations.Nullable;

/** {@link SpanLinks} through Micrometer Tracing's OpenTelemetry bridge. */
final class OtelSpanLinks implements SpanLinks {

  @Override
  public @Nullable Object target(Observation.ContextView observation) {
    Span span = span(observation);
    return span == null ? null : OtelSpan.toOtel(span).getSpanContext();
  }

  @Override
  public void link(Observation.ContextView from, @Nullable Object target) {
    Span source = span(from);
    if (source != null && target instanceof SpanContext context && context.isValid()) {
      BridgeSpans.unwrapped(OtelSpan.toOtel(source)).addLink(context);
    }
  }

  /** Returns the span the tracing handler keeps in the observation's context, if any. */
  private static @Nullable Span span(Observation.ContextView context) {
    TracingContext tracing = context.get(TracingContext.class);
    Span span = tracing == null ? null : tracing.getSpan();
    return span == null || span.isNoop() ? null : span;
  }
}
