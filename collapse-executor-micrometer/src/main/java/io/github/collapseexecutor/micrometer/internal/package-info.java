/**
 * Internal: what the HTTP adapters and the annotated methods share to observe collapsing. Not an
 * API; it may change in any release.
 *
 * <p>Parameters, return values and fields are non-null unless marked {@code @Nullable}.
 */
@NullMarked
package io.github.collapseexecutor.micrometer.internal;

import org.jspecify.annotations.NullMarked;
