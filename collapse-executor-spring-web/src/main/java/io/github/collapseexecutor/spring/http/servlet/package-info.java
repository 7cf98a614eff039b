/**
 * What the servlet filter of the {@code collapse-executor-servlet} module needs from Spring Web:
 * the replay of Spring's own server observation to requests that get a replayed response.
 *
 * <p>Parameters, return values and fields are non-null unless marked {@code @Nullable}.
 */
@NullMarked
package io.github.collapseexecutor.spring.http.servlet;

import org.jspecify.annotations.NullMarked;
