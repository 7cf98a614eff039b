/**
 * {@code @Collapsible} and {@code @CollapseBatch} for Spring beans, {@code @EnableCollapsing} for
 * an application without Spring Boot, and named executors. Spring and every library a caller
 * identity or a result copier reads are optional: the application brings the ones it has. The
 * calls are observed through {@code MethodObserver}, which names no tracing library:
 * collapse-executor-micrometer implements it, and depends on this module, not the reverse.
 */
@SuppressWarnings({"requires-automatic", "requires-transitive-automatic"})
module io.github.collapseexecutor.spring {
  requires transitive io.github.collapseexecutor.core;
  requires static transitive spring.core;
  requires static transitive spring.context;
  requires static spring.beans;
  requires static spring.aop;
  requires static spring.expression;
  requires static spring.security.core;
  requires static spring.tx;
  requires static spring.web;
  requires static spring.data.commons;
  requires static spring.hateoas;
  requires static reactor.core;
  requires static org.reactivestreams;
  requires static context.propagation;
  requires static kotlin.stdlib;
  requires static kotlinx.coroutines.core;
  requires static tools.jackson.databind;
  requires static com.fasterxml.jackson.databind;
  requires static transitive org.jspecify;

  exports io.github.collapseexecutor.spring;
  exports io.github.collapseexecutor.spring.annotation;
  exports io.github.collapseexecutor.spring.observation;

  // Spring reads and instantiates the package-private configuration and post-processor
  opens io.github.collapseexecutor.spring.annotation to
      spring.core,
      spring.beans,
      spring.context,
      spring.aop;
}
