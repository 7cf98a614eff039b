/**
 * A Jakarta Servlet filter that answers concurrent identical requests with one run of the chain.
 * Frameworks that observe server requests plug in through {@code ReplayObservation}; the module
 * brings the one of Spring's {@code http.server.requests}, which loads only where the application
 * has Spring Web and Micrometer's observation API.
 */
@SuppressWarnings("requires-automatic")
module io.github.collapseexecutor.servlet {
  requires transitive io.github.collapseexecutor.http;
  requires transitive jakarta.servlet;
  requires static spring.web;
  requires static micrometer.observation;
  requires static transitive org.jspecify;

  exports io.github.collapseexecutor.servlet;

  uses io.github.collapseexecutor.servlet.ReplayObservation;

  // found by the filter, never called: its package is not exported
  provides io.github.collapseexecutor.servlet.ReplayObservation with
      io.github.collapseexecutor.servlet.spring.SpringReplayObservation;
}
