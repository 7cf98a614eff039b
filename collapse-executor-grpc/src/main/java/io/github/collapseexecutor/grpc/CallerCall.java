package io.github.collapseexecutor.grpc;

/**
 * One caller's unary call as the shared calls take it: where it goes, the request it sends, and
 * the caller who waits for its reply. Whoever starts or sends a shared call again needs all three
 * together, with the deadline and the executor of that one sending.
 */
record CallerCall<ReqT, RespT>(
    CollapsingCall.Target<ReqT, RespT> target, ReqT request, Caller<RespT> caller) {}
