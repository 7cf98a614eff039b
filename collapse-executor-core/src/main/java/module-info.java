/**
 * Request collapsing: same-key single flight and natural batching. The module exports one
 * package, whose public types are the API; the engine lives in the same package, package-private,
 * so that it is hidden on the class path too.
 */
module io.github.collapseexecutor.core {
  requires jdk.jfr;
  // Nullness annotations on the API: static, so not needed at run time; transitive, so a module
  // that reads this one sees them too.
  requires static transitive org.jspecify;

  exports io.github.collapseexecutor.core;
}
