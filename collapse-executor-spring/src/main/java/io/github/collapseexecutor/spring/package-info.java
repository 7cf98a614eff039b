/**
 * The named executors of {@code collapse.executor.executors} ({@link NamedExecutors},
 * {@link NamedExecutor}). The annotations live in {@code annotation}; what observes their calls,
 * and learns of each executor of an annotated method when it is created, in {@code observation}.
 *
 * <p>Parameters, return values and fields are non-null unless marked {@code @Nullable}.
 */
@NullMarked
package io.github.collapseexecutor.spring;

import org.jspecify.annotations.NullMarked;
