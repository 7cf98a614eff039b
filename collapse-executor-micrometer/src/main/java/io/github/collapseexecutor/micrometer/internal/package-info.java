/**
 * Internal: what the HTTP adapters and the annotated methods share to observe collapsing. Not an
 * API; it may change in any release.
 *
 * <p>Parameters and return values are non-null unless their javadoc says otherwise.
 */
package io.github.collapseexecutor.micrometer.internal;
