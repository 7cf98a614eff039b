/**
 * Collapse for a servlet container:
 * {@link io.github.collapseexecutor.servlet.CollapseServletFilter}. Needs the
 * Jakarta Servlet 6 API and nothing of Spring.
 *
 * <p>Parameters, return values and fields are non-null unless marked {@code @Nullable}.
 */
@NullMarked
package io.github.collapseexecutor.servlet;

import org.jspecify.annotations.NullMarked;
