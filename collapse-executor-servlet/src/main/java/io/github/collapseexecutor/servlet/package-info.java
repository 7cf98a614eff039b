/**
 * Collapse for a servlet container:
 * {@link io.github.collapseexecutor.servlet.CollapseServletFilter}. Needs the
 * Jakarta Servlet 6 API and nothing of Spring.
 */
package io.github.collapseexecutor.servlet;
