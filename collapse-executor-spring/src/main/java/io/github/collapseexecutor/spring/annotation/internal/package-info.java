/**
 * Internal: the Spring AOP machinery behind {@code @Collapsible} and {@code @CollapseBatch}. Not
 * an API; its types may change in any release.
 *
 * <p>Parameters and return values are non-null unless their javadoc says otherwise.
 */
package io.github.collapseexecutor.spring.annotation.internal;
