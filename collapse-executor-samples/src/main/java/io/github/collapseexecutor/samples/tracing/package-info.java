/**
 * The tracing sample: a Spring Boot application with Micrometer Tracing over OpenTelemetry, whose
 * concurrent identical requests to a controller that calls a {@code @Collapsible} method show one
 * span for the shared call and a request span per request that says whether it led or joined,
 * each joined one linked to the shared call's span.
 */
package io.github.collapseexecutor.samples.tracing;
