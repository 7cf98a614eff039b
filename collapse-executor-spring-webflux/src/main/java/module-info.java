/**
 * {@code CollapseWebFilter}: a Spring WebFlux filter that answers concurrent identical requests
 * with one run of the chain. No Spring Boot; Spring WebFlux and Reactor come with the application.
 */
@SuppressWarnings({"requires-automatic", "requires-transitive-automatic"})
module io.github.collapseexecutor.spring.webflux {
  requires transitive io.github.collapseexecutor.http;
  requires static transitive spring.core;
  requires static transitive spring.web;
  requires static transitive reactor.core;
  requires static org.reactivestreams;
  requires static transitive org.jspecify;

  exports io.github.collapseexecutor.spring.webflux;
}
