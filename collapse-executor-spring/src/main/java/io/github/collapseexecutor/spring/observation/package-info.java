/**
 * The seam through which the annotated methods report what each call did: {@link
 * io.github.collapseexecutor.spring.observation.MethodObserver}, free of any tracing library.
 * collapse-executor-micrometer implements it on Micrometer's observations and meters.
 *
 * <p>Parameters, return values and fields are non-null unless marked {@code @Nullable}.
 */
@NullMarked
package io.github.collapseexecutor.spring.observation;

import org.jspecify.annotations.NullMarked;
