/**
 * The {@code Collapse} route filter of Spring Cloud Gateway (server WebFlux) and its Spring Boot
 * auto-configuration from {@code collapse.executor.gateway}. The API is the filter, its factory and
 * the auto-configuration (to exclude or order against).
 */
@SuppressWarnings({"requires-automatic", "requires-transitive-automatic"})
module io.github.collapseexecutor.spring.cloud.gateway {
  requires transitive io.github.collapseexecutor.spring.webflux;
  requires transitive io.github.collapseexecutor.spring.boot;
  // optional in the build, as Spring Boot's optional libraries are: the application brings the
  // gateway; its jar names no module, so this is the name the module path gives it from its file
  requires static transitive spring.cloud.gateway.server.webflux;
  requires static transitive spring.webflux;
  requires static transitive reactor.core;
  requires static transitive org.jspecify;

  exports io.github.collapseexecutor.spring.cloud.gateway;
  exports io.github.collapseexecutor.spring.cloud.gateway.autoconfigure;

  // Spring reads, binds and instantiates the auto-configurations and the section's properties
  opens io.github.collapseexecutor.spring.cloud.gateway.autoconfigure to
      spring.core,
      spring.beans,
      spring.context,
      spring.boot;
}
