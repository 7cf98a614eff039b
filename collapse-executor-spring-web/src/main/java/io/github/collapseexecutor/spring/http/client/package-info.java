/**
 * Collapse for Spring's blocking clients, {@code RestClient} and {@code RestTemplate}:
 * {@link io.github.collapseexecutor.spring.http.client.CollapseHttpRequestInterceptor}. Needs
 * {@code spring-web} on the class path and nothing else of Spring.
 *
 * <p>Parameters, return values and fields are non-null unless marked {@code @Nullable}.
 */
@NullMarked
package io.github.collapseexecutor.spring.http.client;

import org.jspecify.annotations.NullMarked;
