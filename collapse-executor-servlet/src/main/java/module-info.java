/**
 * A Jakarta Servlet filter that answers concurrent identical requests with one run of the chain.
 * Frameworks that observe server requests plug in through {@code ReplayObservation}.
 */
module io.github.collapseexecutor.servlet {
  requires transitive io.github.collapseexecutor.http;
  requires transitive jakarta.servlet;
  requires static transitive org.jspecify;

  exports io.github.collapseexecutor.servlet;

  uses io.github.collapseexecutor.servlet.ReplayObservation;
}
