/**
 * Micrometer metrics of the collapse executors, bound through the core's
 * {@link io.github.collapseexecutor.core.CollapseListener} SPI and the HTTP adapters' counters.
 * Needs {@code micrometer-core}; see {@code docs/spring-boot.md} for every meter.
 */
package io.github.collapseexecutor.spring.boot.autoconfigure.metrics;
