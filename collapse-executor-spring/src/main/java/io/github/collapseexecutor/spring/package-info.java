/**
 * The named executors of {@code collapse.executor.executors} ({@link NamedExecutors},
 * {@link NamedExecutor}). The annotations live in {@code annotation}; an executor announces itself
 * to the listeners that want to know it exists before it reports anything through
 * {@code io.github.collapseexecutor.micrometer.ExecutorCreationListener}.
 *
 * <p>Parameters, return values and fields are non-null unless marked {@code @Nullable}.
 */
@NullMarked
package io.github.collapseexecutor.spring;

import org.jspecify.annotations.NullMarked;
