package io.github.collapseexecutor.micrometer.internal;

import io.opentelemetry.api.trace.Span;
import java.lang.reflect.Field;
import org.jspecify.annotations.Nullable;

/**
 * Reaches the OpenTelemetry span that a span of Micrometer Tracing's bridge stands for.
 *
 * <p>The bridge starts every span that has an explicit parent (a server request that continues
 * the trace of its client, a client request made inside another span) wrapped in a view of its
 * own, {@code SpanFromSpanContext}, which passes on attributes, events and the end but not
 * {@link Span#addLink}: a link added to it is dropped. That view is internal to the bridge and
 * hides the span in a field, so it is read by reflection; if the bridge no longer has that field,
 * spans are returned as they are, and such spans get no links, as before.
 */
final class BridgeSpans {

  private static final @Nullable Field WRAPPED = wrappedField();

  private BridgeSpans() {}

  /** Returns the span {@code span} wraps, or {@code span} if it wraps none. */
  static Span unwrapped(Span span) {
    if (WRAPPED == null || !WRAPPED.getDeclaringClass().isInstance(span)) {
      return span;
    }
    try {
      return WRAPPED.get(span) instanceof Span wrapped ? wrapped : span;
    } catch (IllegalAccessException e) {
      return span;
    }
  }

  private static @Nullable Field wrappedField() {
    try {
      Class<?> view =
          Class.forName(
              "io.micrometer.tracing.otel.bridge.SpanFromSpanContext",
              false,
              BridgeSpans.class.getClassLoader());
      Field field = view.getDeclaredField("span");
      if (!Span.class.isAssignableFrom(field.getType())) {
        return null;
      }
      field.setAccessible(true);
      return field;
    } catch (ReflectiveOperationException | RuntimeException | LinkageError changed) {
      // another version of the bridge, or a module system that keeps its internals closed
      return null;
    }
  }
}
