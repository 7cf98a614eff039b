/**
 * Micrometer observations of collapsed calls: {@code collapse.call} per shared call, the outcome
 * on each caller's own observation, and span links where Micrometer Tracing's OpenTelemetry bridge
 * is present; for the annotated methods of collapse-executor-spring too, where that module is on
 * the path. Spring itself is not needed.
 */
// "module": the modules the internal package is exported to depend on this one, so are not
// here when it compiles
@SuppressWarnings({"requires-automatic", "requires-transitive-automatic", "module"})
module io.github.collapseexecutor.micrometer {
  requires transitive io.github.collapseexecutor.http;
  requires transitive micrometer.observation;
  requires transitive micrometer.commons;
  // the meters, only where micrometer-core is on the path: their API names its types
  requires static transitive micrometer.core;
  // span links only where tracing and its OpenTelemetry bridge are on the path
  requires static micrometer.tracing;
  requires static micrometer.tracing.bridge.otel;
  requires static io.opentelemetry.api;
  // the observer of the annotated methods, only where collapse-executor-spring is on the path:
  // its API names that module's MethodObserver
  requires static transitive io.github.collapseexecutor.spring;
  requires static transitive org.jspecify;

  exports io.github.collapseexecutor.micrometer;
  exports io.github.collapseexecutor.micrometer.annotation;
  // what the Spring Boot auto-configuration observes with; no API
  exports io.github.collapseexecutor.micrometer.internal to
      io.github.collapseexecutor.spring.boot,
      io.github.collapseexecutor.spring.boot3;
}
