/**
 * Collapse for OkHttp 5: {@link io.github.collapseexecutor.okhttp.CollapseInterceptor},
 * an application interceptor. Needs {@code okhttp} and nothing of Spring.
 *
 * <p>Parameters, return values and fields are non-null unless marked {@code @Nullable}.
 */
@NullMarked
package io.github.collapseexecutor.okhttp;

import org.jspecify.annotations.NullMarked;
