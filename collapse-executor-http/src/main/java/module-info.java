/**
 * What every HTTP adapter of collapse-executor shares: the collapse key and its rules, the
 * options, the counters and the observer SPI ({@code io.github.collapseexecutor.http}), and the
 * adapter SPI through which an adapter hands its library's requests to the collapse protocol
 * ({@code io.github.collapseexecutor.http.adapter}).
 */
module io.github.collapseexecutor.http {
  requires transitive io.github.collapseexecutor.core;
  // the fleet tier's seam, in the options' API
  requires transitive io.github.collapseexecutor.fleet;
  requires static transitive org.jspecify;

  exports io.github.collapseexecutor.http;
  exports io.github.collapseexecutor.http.adapter;
}
