/**
 * Collapse executors merge concurrent calls so that a backend sees fewer of them.
 *
 * <h2>Two kinds of collapse</h2>
 * <ul>
 *   <li><b>Same key</b> ({@link BlockingCallableGroupCollapseExecutor},
 *       {@link AsyncCallableGroupCollapseExecutor}, {@link FutureCallableGroupCollapseExecutor}):
 *       concurrent calls with an equal group key share one run of the work and all get its result
 *       or its exception (single flight).</li>
 *   <li><b>Batch</b> ({@link CollapseExecutorBlockingSupport}, {@link CollapseExecutorAsyncSupport},
 *       {@link CollapseExecutorFutureSupport}): single calls are gathered into one
 *       {@code doExecute} call and each caller gets its own part of the batch output through
 *       {@code bindingOutput}. A function of many keys becomes such an executor in one line:
 *       {@link MappedBatchFunction}, {@link BatchFunction}.</li>
 * </ul>
 *
 * <h2>Configuration</h2>
 * Every executor takes immutable options built with a validating builder:
 * {@link CollapseExecutorOptions} for the batch executors, {@link GroupCollapseExecutorOptions}
 * for the same-key ones.
 *
 * <h2>Engine</h2>
 * The public types of this package are the API. The engine that runs them lives in the same
 * package, package-private, so that no application can reach it, on the class path or the module
 * path; it may change in any release.
 *
 * <h2>Nullness</h2>
 * The package is {@link NullMarked}: parameters, return values and type arguments are non-null
 * unless marked {@link org.jspecify.annotations.Nullable}, and a {@code null} where one is not
 * allowed fails with a {@link java.lang.NullPointerException} that names the parameter. Inputs may
 * not be {@code null}; outputs and results may be, so their type parameters accept a nullable type
 * argument. JSpecify's annotations are needed only to compile against these types, never at run
 * time: the core still depends on nothing but the JDK.
 */
@NullMarked
package io.github.collapseexecutor.core;

import org.jspecify.annotations.NullMarked;
