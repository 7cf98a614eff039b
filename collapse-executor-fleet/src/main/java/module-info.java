/**
 * The seam between collapse-executor's adapters and a fleet tier that coordinates the instances of
 * an application. JDK only; the module exports its one package, whose public types are the API.
 */
module io.github.collapseexecutor.fleet {
  // the Incubating marker on every type of the seam
  requires transitive io.github.collapseexecutor.core;
  // Nullness annotations on the API: static, so not needed at run time; transitive, so a module
  // that reads this one sees them too.
  requires static transitive org.jspecify;

  exports io.github.collapseexecutor.fleet;
}
