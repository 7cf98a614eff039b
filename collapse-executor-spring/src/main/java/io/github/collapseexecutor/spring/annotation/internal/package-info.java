/**
 * Internal: the Spring AOP machinery behind {@code @Collapsible} and {@code @CollapseBatch}. Not
 * an API; its types may change in any release.
 *
 * <p>Parameters, return values and fields are non-null unless marked {@code @Nullable}.
 */
@NullMarked
package io.github.collapseexecutor.spring.annotation.internal;

import org.jspecify.annotations.NullMarked;
