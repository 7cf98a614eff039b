/**
 * Collapse for Spring's blocking clients, {@code RestClient} and {@code RestTemplate}:
 * {@link io.github.collapseexecutor.spring.http.client.CollapseHttpRequestInterceptor}. Needs
 * {@code spring-web} on the class path and nothing else of Spring.
 */
package io.github.collapseexecutor.spring.http.client;
