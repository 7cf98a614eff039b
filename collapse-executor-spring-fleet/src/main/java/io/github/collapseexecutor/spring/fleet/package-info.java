/**
 * The fleet tier behind the {@code @Collapsible} methods that ask for it ({@code fleet = true},
 * on the annotation or its named executor): {@link
 * io.github.collapseexecutor.spring.fleet.CollapsibleFleetConfiguration}, which routes their
 * leaders' runs through the application's {@code Fleet} bean. The routes, the key's text and the
 * results' crossing as bytes are package-private. See {@code docs/scale-out.md}.
 *
 * <p>Parameters, return values and fields are non-null unless marked {@code @Nullable}.
 */
@NullMarked
package io.github.collapseexecutor.spring.fleet;

import org.jspecify.annotations.NullMarked;
