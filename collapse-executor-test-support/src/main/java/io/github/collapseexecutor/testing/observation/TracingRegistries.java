package io.github.collapseexecutor.testing.observation;

import io.micrometer.observation.ObservationHandler.FirstMatchingCompositeObservationHandler;
import io.micrometer.observation.ObservationRegistry;
import io.micrometer.tracing.handler.DefaultTracingObservationHandler;
import io.micrometer.tracing.handler.PropagatingReceiverTracingObservationHandler;
import io.micrometer.tracing.handler.PropagatingSenderTracingObservationHandler;
import io.micrometer.tracing.otel.bridge.OtelBaggageManager;
import io.micrometer.tracing.otel.bridge.OtelCurrentTraceContext;
import io.micrometer.tracing.otel.bridge.OtelPropagator;
import io.micrometer.tracing.otel.bridge.OtelTracer;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.propagation.ContextPropagators;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import java.util.List;

/** Observation registries that trace through Micrometer Tracing's OpenTelemetry bridge. */
public final class TracingRegistries {

  private TracingRegistries() {}

  /** Returns a registry whose observations become spans of {@code tracerProvider}. */
  public static ObservationRegistry on(SdkTracerProvider tracerProvider) {
    return on(tracerProvider, ObservationRegistry.create());
  }

  /** Returns {@code tracing}, whose observations become spans of {@code tracerProvider}. */
  public static ObservationRegistry on(
      SdkTracerProvider tracerProvider, ObservationRegistry tracing) {
    tracing
        .observationConfig()
        .observationHandler(
            new DefaultTracingObservationHandler(tracer(tracerProvider.get("test"))));
    return tracing;
  }

  /**
   * Returns {@code tracing}, traced into {@code tracerProvider} as Spring Boot traces: a client
   * request sends its trace in W3C headers, a server request continues the trace it received,
   * every other observation is a span of its own.
   */
  public static ObservationRegistry propagating(
      SdkTracerProvider tracerProvider, ObservationRegistry tracing) {
    Tracer otel = tracerProvider.get("test");
    OtelTracer tracer = tracer(otel);
    OtelPropagator propagator =
        new OtelPropagator(
            ContextPropagators.create(W3CTraceContextPropagator.getInstance()), otel);
    tracing
        .observationConfig()
        .observationHandler(
            new FirstMatchingCompositeObservationHandler(
                new PropagatingSenderTracingObservationHandler<>(tracer, propagator),
                new PropagatingReceiverTracingObservationHandler<>(tracer, propagator),
                new DefaultTracingObservationHandler(tracer)));
    return tracing;
  }

  private static OtelTracer tracer(Tracer otel) {
    OtelCurrentTraceContext current = new OtelCurrentTraceContext();
    return new OtelTracer(
        otel, current, event -> {}, new OtelBaggageManager(current, List.of(), List.of()));
  }
}
