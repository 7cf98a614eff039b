package io.github.collapseexecutor.micrometer.internal;

import io.micrometer.observation.Observation;
import org.jspecify.annotations.Nullable;

/**
 * Adds a link from one observation's span to another's, after both started: what a request that
 * joined a shared call needs, since its span was opened by its client before it joined. Only
 * OpenTelemetry's spans take links once started, so this works with Micrometer Tracing's
 * OpenTelemetry bridge and does nothing with any other tracer.
 */
interface SpanLinks {

  /** Links nothing. */
  SpanLinks NONE =
      new SpanLinks() {
        @Override
        public @Nullable Object target(Observation.ContextView observation) {
          return null;
        }

        @Override
        public void link(Observation.ContextView from, @Nullable Object target) {}
      };

  /**
   * Returns what a link to the span of {@code observation} points to, or {@code null} if it has
   * no span. Taken once the observation started: the tracer may let go of the span when it stops,
   * and requests may ask for the link after that.
   */
  @Nullable Object target(Observation.ContextView observation);

  /** Adds to the span of {@code from}, if any, a link to {@code target} from {@link #target}. */
  void link(Observation.ContextView from, @Nullable Object target);

  /** Returns the links the class path supports. */
  static SpanLinks forClassPath() {
    ClassLoader loader = SpanLinks.class.getClassLoader();
    try {
      Class.forName("io.micrometer.tracing.otel.bridge.OtelSpan", false, loader);
      Class.forName("io.micrometer.tracing.handler.TracingObservationHandler", false, loader);
      return new OtelSpanLinks();
    } catch (ClassNotFoundException | LinkageError noBridge) {
      return NONE;
    }
  }
}
