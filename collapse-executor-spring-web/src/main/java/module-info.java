/**
 * Collapse for Spring's HTTP clients without Spring Boot: the RestClient and RestTemplate
 * interceptor, the WebClient filter function, and Spring's {@code http.server.requests}
 * observation for requests the servlet filter answers with a replay. Spring Web, WebFlux and the
 * servlet module are optional: the application brings the ones it uses.
 */
@SuppressWarnings({"requires-automatic", "requires-transitive-automatic"})
module io.github.collapseexecutor.spring.web {
  requires transitive io.github.collapseexecutor.http;
  requires static transitive spring.core;
  requires static transitive spring.web;
  requires static spring.webflux;
  requires static reactor.core;
  requires static org.reactivestreams;
  requires static micrometer.observation;
  requires static context.propagation;
  requires static io.github.collapseexecutor.servlet;
  requires static jakarta.servlet;
  requires static transitive org.jspecify;

  exports io.github.collapseexecutor.spring.http.client;
  exports io.github.collapseexecutor.spring.http.reactive;

  // found by the servlet filter, never called: its package is not exported
  provides io.github.collapseexecutor.servlet.ReplayObservation with
      io.github.collapseexecutor.spring.http.servlet.SpringReplayObservation;
}
