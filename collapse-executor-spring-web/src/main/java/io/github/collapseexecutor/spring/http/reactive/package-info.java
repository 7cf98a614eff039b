/**
 * Collapse for Spring's {@code WebClient}:
 * {@link io.github.collapseexecutor.spring.http.reactive.CollapseExchangeFilterFunction}. Needs
 * {@code spring-webflux} and a connector such as {@code reactor-netty-http}.
 */
package io.github.collapseexecutor.spring.http.reactive;
