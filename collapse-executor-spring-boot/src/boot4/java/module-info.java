/**
 * Spring Boot 4 auto-configuration of collapse-executor from {@code collapse.executor.*}. Every
 * library an auto-configuration configures is optional: the auto-configuration applies where the
 * application has it. The API is the auto-configuration classes (to exclude or order against),
 * the configuration properties and what an application may define beans of; the shared wiring
 * of the auto-configurations is not exported.
 *
 * <p>This descriptor names Spring Boot 4's modules; collapse-executor-spring-boot3 compiles the
 * same sources with a descriptor of its own for Spring Boot 3.
 */
// "module": the gateway's module, which the support package is exported to, depends on this one,
// so is not there when it compiles
@SuppressWarnings({"requires-automatic", "requires-transitive-automatic", "module"})
module io.github.collapseexecutor.spring.boot {
  requires transitive io.github.collapseexecutor.core;
  requires transitive io.github.collapseexecutor.http;
  requires transitive io.github.collapseexecutor.micrometer;
  requires transitive io.github.collapseexecutor.spring;
  // the @Collapsible methods' route through the fleet tier, which the fleet package imports
  requires transitive io.github.collapseexecutor.spring.fleet;
  requires transitive spring.boot;
  requires transitive spring.boot.autoconfigure;
  requires transitive spring.core;
  requires transitive spring.beans;
  requires transitive spring.context;
  requires org.apache.commons.logging;

  // each configured when the application has it; "transitive" where the auto-configurations'
  // bean methods name their types
  requires static io.github.collapseexecutor.spring.web;
  requires static transitive io.github.collapseexecutor.spring.webflux;
  requires static io.github.collapseexecutor.servlet;
  requires static io.github.collapseexecutor.okhttp;
  requires static io.github.collapseexecutor.grpc;
  requires static io.github.collapseexecutor.redis;
  requires static transitive spring.aop;
  requires static transitive spring.web;
  requires static transitive spring.webflux;
  requires static spring.boot.restclient;
  requires static spring.boot.webclient;
  requires static spring.boot.actuator;
  requires static spring.boot.actuator.autoconfigure;
  requires static spring.boot.health;
  requires static spring.data.redis;
  // Spring gRPC's jar names no module: this is the name the module path gives it from its file
  requires static spring.grpc.core;
  requires static jakarta.servlet;
  requires static okhttp3;
  requires static io.grpc;
  requires static lettuce.core;
  requires static micrometer.core;
  requires static micrometer.observation;
  requires static reactor.core;
  // the names and order of the endpoint's JSON properties
  requires static com.fasterxml.jackson.annotation;
  requires static transitive org.jspecify;

  exports io.github.collapseexecutor.spring.boot.autoconfigure;
  exports io.github.collapseexecutor.spring.boot.autoconfigure.actuate;
  exports io.github.collapseexecutor.spring.boot.autoconfigure.annotation;
  exports io.github.collapseexecutor.spring.boot.autoconfigure.fleet;
  exports io.github.collapseexecutor.spring.boot.autoconfigure.grpc;
  exports io.github.collapseexecutor.spring.boot.autoconfigure.metrics;
  exports io.github.collapseexecutor.spring.boot.autoconfigure.okhttp;
  exports io.github.collapseexecutor.spring.boot.autoconfigure.restclient;
  exports io.github.collapseexecutor.spring.boot.autoconfigure.servlet;
  exports io.github.collapseexecutor.spring.boot.autoconfigure.webclient;
  exports io.github.collapseexecutor.spring.boot.autoconfigure.webflux;
  // what the gateway's auto-configuration shares with this module's; no API
  exports io.github.collapseexecutor.spring.boot.autoconfigure.support to
      io.github.collapseexecutor.spring.cloud.gateway;

  // Spring reads, binds and instantiates the package-private configuration classes, conditions,
  // failure analyzers and properties, and the actuator invokes the endpoint's operations
  opens io.github.collapseexecutor.spring.boot.autoconfigure to
      spring.core,
      spring.beans,
      spring.context,
      spring.boot;
  opens io.github.collapseexecutor.spring.boot.autoconfigure.actuate to
      spring.core,
      spring.beans,
      spring.context,
      spring.boot,
      spring.boot.actuator;
  opens io.github.collapseexecutor.spring.boot.autoconfigure.annotation to
      spring.core,
      spring.beans,
      spring.context;
  opens io.github.collapseexecutor.spring.boot.autoconfigure.fleet to
      spring.core,
      spring.beans,
      spring.context,
      spring.boot;
  opens io.github.collapseexecutor.spring.boot.autoconfigure.grpc to
      spring.core,
      spring.beans,
      spring.context;
  opens io.github.collapseexecutor.spring.boot.autoconfigure.metrics to
      spring.core,
      spring.beans,
      spring.context;
  opens io.github.collapseexecutor.spring.boot.autoconfigure.okhttp to
      spring.core,
      spring.beans,
      spring.context;
  opens io.github.collapseexecutor.spring.boot.autoconfigure.restclient to
      spring.core,
      spring.beans,
      spring.context;
  opens io.github.collapseexecutor.spring.boot.autoconfigure.servlet to
      spring.core,
      spring.beans,
      spring.context;
  opens io.github.collapseexecutor.spring.boot.autoconfigure.support to
      spring.core,
      spring.beans,
      spring.context;
  opens io.github.collapseexecutor.spring.boot.autoconfigure.webclient to
      spring.core,
      spring.beans,
      spring.context;
  opens io.github.collapseexecutor.spring.boot.autoconfigure.webflux to
      spring.core,
      spring.beans,
      spring.context;
}
