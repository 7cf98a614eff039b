/**
 * Micrometer metrics of the collapse executors, bound through the core's
 * {@link io.github.collapseexecutor.core.CollapseListener} SPI and the HTTP adapters' counters.
 * Needs {@code micrometer-core}; see {@code docs/spring-boot.md} for every meter.
 *
 * <p>Parameters, return values and fields are non-null unless marked {@code @Nullable}.
 */
@NullMarked
package io.github.collapseexecutor.spring.boot.autoconfigure.metrics;

import org.jspecify.annotations.NullMarked;
