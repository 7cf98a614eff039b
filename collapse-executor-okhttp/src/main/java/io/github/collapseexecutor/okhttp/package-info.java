/**
 * Collapse for OkHttp 5: {@link io.github.collapseexecutor.okhttp.CollapseInterceptor},
 * an application interceptor. Needs {@code okhttp} and nothing of Spring.
 */
package io.github.collapseexecutor.okhttp;
