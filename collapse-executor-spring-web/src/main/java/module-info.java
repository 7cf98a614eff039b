/**
 * Collapse for Spring's HTTP clients without Spring Boot: the RestClient and RestTemplate
 * interceptor and the WebClient filter function. Spring Web and WebFlux are optional: the
 * application brings the ones it uses.
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
  requires static transitive org.jspecify;

  exports io.github.collapseexecutor.spring.http.client;
  exports io.github.collapseexecutor.spring.http.reactive;
}
