/**
 * The observations and meters of {@code @Collapsible} and {@code @CollapseBatch} methods
 * (collapse-executor-spring): {@link
 * io.github.collapseexecutor.micrometer.annotation.MicrometerMethodObservers} implements that
 * module's {@code MethodObserver} on Micrometer. Only used where collapse-executor-spring is on
 * the path.
 *
 * <p>Parameters, return values and fields are non-null unless marked {@code @Nullable}.
 */
@NullMarked
package io.github.collapseexecutor.micrometer.annotation;

import org.jspecify.annotations.NullMarked;
