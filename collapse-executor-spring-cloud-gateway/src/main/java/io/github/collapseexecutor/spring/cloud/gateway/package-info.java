/**
 * The {@code Collapse} filter of Spring Cloud Gateway's routes (the server WebFlux flavour): the
 * WebFlux server adapter, run as a route filter.
 *
 * <p>Parameters, return values and fields are non-null unless marked {@code @Nullable}.
 */
@NullMarked
package io.github.collapseexecutor.spring.cloud.gateway;

import org.jspecify.annotations.NullMarked;
