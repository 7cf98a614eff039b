/**
 * Collapse for grpc-java: a client interceptor under which concurrent identical unary calls share
 * one call, and a server interceptor under which they share one run of the handler. Needs grpc-api
 * and the HTTP module of collapse-executor.
 */
@SuppressWarnings({"requires-automatic", "requires-transitive-automatic"})
module io.github.collapseexecutor.grpc {
  requires transitive io.github.collapseexecutor.core;
  requires transitive io.github.collapseexecutor.http;
  requires transitive io.grpc;
  requires static transitive org.jspecify;

  exports io.github.collapseexecutor.grpc;
}
