/**
 * What every HTTP adapter of collapse-executor shares: the collapse key and its rules, the
 * options, the counters and the observer SPI ({@code io.github.collapseexecutor.http}, the API).
 * The protocol the adapters run ({@code io.github.collapseexecutor.http.adapter}) is exported
 * only to the adapter modules.
 */
module io.github.collapseexecutor.http {
  requires transitive io.github.collapseexecutor.core;
  requires static transitive org.jspecify;

  exports io.github.collapseexecutor.http;
  exports io.github.collapseexecutor.http.adapter to
      io.github.collapseexecutor.okhttp,
      io.github.collapseexecutor.servlet,
      io.github.collapseexecutor.spring.web;
}
