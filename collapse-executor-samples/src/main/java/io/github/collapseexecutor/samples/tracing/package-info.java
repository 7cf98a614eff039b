/**
 * The tracing sample: a Spring Boot application with Micrometer Tracing over OpenTelemetry, whose
 * concurrent identical RestClient calls show one span for the shared call and a span per caller
 * that says whether it led or joined, each joined one linked to the shared call.
 */
package io.github.collapseexecutor.samples.tracing;
