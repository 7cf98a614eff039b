/**
 * Micrometer observations of collapsing: one {@link CollapseObservationContext} observation per
 * shared call, with a convention users can replace ({@link CollapseObservationConvention}), and
 * the keys it and the callers' own observations carry ({@link CollapseObservationDocumentation}).
 * Needs {@code micrometer-observation}; see {@code docs/spring-boot.md} for every key.
 *
 * <p>Parameters and return values are non-null unless their javadoc says otherwise.
 */
package io.github.collapseexecutor.micrometer;
