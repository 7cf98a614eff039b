/**
 * Collapse for Spring's {@code WebClient}:
 * {@link io.github.collapseexecutor.spring.http.reactive.CollapseExchangeFilterFunction}. Needs
 * {@code spring-webflux} and a connector such as {@code reactor-netty-http}.
 *
 * <p>Parameters, return values and fields are non-null unless marked {@code @Nullable}.
 */
@NullMarked
package io.github.collapseexecutor.spring.http.reactive;

import org.jspecify.annotations.NullMarked;
