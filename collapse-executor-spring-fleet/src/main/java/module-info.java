/**
 * The {@code @Collapsible} methods that ask for the fleet tier, through it: the leader's run of
 * each key goes through the application's {@code Fleet} bean, with the key's text and the result
 * as bytes. Spring Boot's auto-configuration imports it; without Spring Boot, import
 * {@code CollapsibleFleetConfiguration} beside {@code @EnableCollapsing}.
 */
@SuppressWarnings({"requires-automatic", "requires-transitive-automatic"})
module io.github.collapseexecutor.spring.fleet {
  requires transitive io.github.collapseexecutor.spring;
  // the seam the methods' runs go through, and FleetCodec, which an application's beans implement
  requires transitive io.github.collapseexecutor.fleet;
  requires static transitive spring.core;
  requires static transitive spring.context;
  requires static transitive spring.beans;
  requires static transitive org.jspecify;

  exports io.github.collapseexecutor.spring.fleet;

  // Spring reads and instantiates the configuration, whose bean method is package-private
  opens io.github.collapseexecutor.spring.fleet to
      spring.core,
      spring.beans,
      spring.context;
}
