/**
 * Collapse for a Spring WebFlux server:
 * {@link io.github.collapseexecutor.spring.webflux.CollapseWebFilter}. Needs Spring WebFlux and
 * nothing of Spring Boot.
 *
 * <p>Parameters, return values and fields are non-null unless marked {@code @Nullable}.
 */
@NullMarked
package io.github.collapseexecutor.spring.webflux;

import org.jspecify.annotations.NullMarked;
