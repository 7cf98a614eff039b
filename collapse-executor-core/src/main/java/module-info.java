/**
 * Request collapsing: same-key single flight and natural batching. Only the API package is
 * exported; {@code io.github.collapseexecutor.core.internal} holds the engine and may change in any
 * release.
 */
module io.github.collapseexecutor.core {
  requires jdk.jfr;

  exports io.github.collapseexecutor.core;
}
