/**
 * What the servlet filter of the {@code collapse-executor-servlet} module needs from Spring Web:
 * the replay of Spring's own server observation to requests that get a replayed response.
 */
package io.github.collapseexecutor.spring.http.servlet;
