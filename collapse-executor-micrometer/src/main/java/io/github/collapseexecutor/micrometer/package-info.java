/**
 * Micrometer observations of collapsing: one {@link CollapseObservationContext} observation per
 * shared call, with a convention users can replace ({@link CollapseObservationConvention}), and
 * the keys it and the callers' own observations carry ({@link CollapseObservationDocumentation}).
 * Needs {@code micrometer-observation}; see {@code docs/spring-boot.md} for every key.
 *
 * <p>Meters, with any {@code MeterRegistry} (needs {@code micrometer-core}): a
 * {@link MicrometerCollapseListener} given to an executor records its {@code collapse.executor.*}
 * meters, and an {@link HttpCollapseStatsMeterBinder} publishes an HTTP adapter's
 * {@code collapse.http.*} counters. An executor that announces itself when it is created
 * ({@link ExecutorCreationListener}, {@link CreatedExecutor}) gets only the meters it can move.
 *
 * <p>Parameters, return values and fields are non-null unless marked {@code @Nullable}.
 */
@NullMarked
package io.github.collapseexecutor.micrometer;

import io.github.collapseexecutor.micrometer.ExecutorCreationListener.CreatedExecutor;
import org.jspecify.annotations.NullMarked;
