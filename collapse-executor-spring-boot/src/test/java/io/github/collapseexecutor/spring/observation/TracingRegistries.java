package io.github.collapseexecutor.spring.observation;

import io.micrometer.observation.ObservationRegistry;
import io.micrometer.tracing.handler.DefaultTracingObservationHandler;
import io.micrometer.tracing.otel.bridge.OtelBaggageManager;
import io.micrometer.tracing.otel.bridge.OtelCurrentTraceContext;
import io.micrometer.tracing.otel.bridge.OtelTracer;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import java.util.List;

/** Observation registries that trace through Micrometer Tracing's OpenTelemetry bridge. */
public final class TracingRegistries {

  private TracingRegistries() {}

  /** Returns a registry whose observations become spans of {@code tracerProvider}. */
  public static ObservationRegistry on(SdkTracerProvider tracerProvider) {
    OtelCurrentTraceContext current = new OtelCurrentTraceContext();
    OtelTracer tracer = new OtelTracer(tracerProvider.get("test"), current, event -> {},
        new OtelBaggageManager(current, List.of(), List.of()));
    ObservationRegistry tracing = ObservationRegistry.create();
    tracing.observationConfig().observationHandler(new DefaultTracingObservationHandler(tracer));
    return tracing;
  }
}
