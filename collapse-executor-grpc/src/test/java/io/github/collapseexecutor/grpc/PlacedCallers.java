package io.github.collapseexecutor.grpc;

import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.ClientCall;
import io.grpc.ClientInterceptor;
import io.grpc.ForwardingClientCall;
import io.grpc.MethodDescriptor;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * Counts the calls whose {@code halfClose} has returned through the interceptors after this one.
 * Added outside a {@link CollapseClientInterceptor} (after it in {@code intercept(...)}, so that
 * it runs first), it tells that the interceptor has placed a caller: the caller leads the shared
 * call of its key, waits for it, or went out on a call of its own. A test waits for that, not for
 * the caller's setting off, before it lets the backend answer or a caller leave.
 */
final class PlacedCallers implements ClientInterceptor {

  private final Semaphore placed = new Semaphore(0);

  @Override
  public <ReqT, RespT> ClientCall<ReqT, RespT> interceptCall(
      MethodDescriptor<ReqT, RespT> method, CallOptions callOptions, Channel next) {
    return new ForwardingClientCall.SimpleForwardingClientCall<>(
        next.newCall(method, callOptions)) {
      @Override
      public void halfClose() {
        super.halfClose();
        placed.release();
      }
    };
  }

  /** Waits, at most 10 s, until {@code callers} more calls were placed; returns whether so. */
  boolean await(int callers) throws InterruptedException {
    return placed.tryAcquire(callers, 10, TimeUnit.SECONDS);
  }
}
