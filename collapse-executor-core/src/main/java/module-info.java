/**
 * Request collapsing: same-key single flight and natural batching. The module exports one
 * package, whose public types are the API; the engine lives in the same package, package-private,
 * so that it is hidden on the class path too. The internal package is exported to the modules of
 * collapse-executor that need it, and to no one else.
 */
// the internal package is exported to modules built after this one
@SuppressWarnings("module")
module io.github.collapseexecutor.core {
  requires jdk.jfr;
  // Nullness annotations on the API: static, so not needed at run time; transitive, so a module
  // that reads this one sees them too.
  requires static transitive org.jspecify;

  exports io.github.collapseexecutor.core;
  // what the modules that coordinate through a fleet tier write keys with; no API
  exports io.github.collapseexecutor.core.internal to
      io.github.collapseexecutor.grpc,
      io.github.collapseexecutor.http,
      io.github.collapseexecutor.servlet,
      io.github.collapseexecutor.spring,
      io.github.collapseexecutor.spring.webflux;
}
