/**
 * Wires the meters of {@code collapse-executor-micrometer} to every auto-configured executor:
 * {@link io.github.collapseexecutor.micrometer.MicrometerCollapseListener} through the core's
 * {@link io.github.collapseexecutor.core.CollapseListener} SPI, and
 * {@link io.github.collapseexecutor.micrometer.HttpCollapseStatsMeterBinder} for the HTTP
 * adapters' counters. Needs {@code micrometer-core}; the Spring Boot documentation lists every
 * meter.
 *
 * <p>Parameters, return values and fields are non-null unless marked {@code @Nullable}.
 */
@NullMarked
package io.github.collapseexecutor.spring.boot.autoconfigure.metrics;

import org.jspecify.annotations.NullMarked;
