package io.github.collapseexecutor.grpc;

import io.grpc.Context;
import io.grpc.ForwardingServerCall;
import io.grpc.ForwardingServerCallListener;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.Status;
import org.jspecify.annotations.Nullable;

/**
 * One received unary call of a server interceptor that only observes: the handler runs on it as
 * without the interceptor, and when the client half-closes with one request, before the handler
 * runs, this counts whether the call would have joined an equal call in progress; the observation
 * ends when the call closes or the client leaves.
 */
final class ObservingServerCall<ReqT, RespT>
    extends ForwardingServerCall.SimpleForwardingServerCall<ReqT, RespT> {

  private final Metadata headers;
  private final ServerCallKeys keys;
  private final ObservedCalls.Call observation;

  private ObservingServerCall(
      ServerCall<ReqT, RespT> call, Metadata headers, ServerCallKeys keys, ObservedCalls observed) {
    super(call);
    this.headers = headers;
    this.keys = keys;
    this.observation = observed.call();
  }

  /** Starts the handler of {@code call} as without the interceptor, observing the call. */
  static <ReqT, RespT> ServerCall.Listener<ReqT> start(
      ServerCall<ReqT, RespT> call,
      Metadata headers,
      ServerCallHandler<ReqT, RespT> next,
      ServerCallKeys keys,
      ObservedCalls observed) {
    ObservingServerCall<ReqT, RespT> observing =
        new ObservingServerCall<>(call, headers, keys, observed);
    return observing.new Requests(next.startCall(observing, headers));
  }

  @Override
  public void close(Status status, Metadata trailers) {
    observation.end();
    super.close(status, trailers);
  }

  /** The handler's listener, which sees the request and the half-close first. */
  private final class Requests
      extends ForwardingServerCallListener.SimpleForwardingServerCallListener<ReqT> {

    private @Nullable ReqT request;
    private int messages;

    Requests(ServerCall.Listener<ReqT> handler) {
      super(handler);
    }

    @Override
    public void onMessage(ReqT message) {
      request = message;
      messages++;
      super.onMessage(message);
    }

    @Override
    public void onHalfClose() {
      ReqT message = request;
      if (message != null && messages == 1 && !Context.current().isCancelled()) {
        // in the caller's context, as collapse makes the key
        ServerCallKey key = keys.of(ObservingServerCall.this, message, headers);
        if (key != null) {
          observation.start(key, key.method());
        }
      }
      super.onHalfClose();
    }

    @Override
    public void onCancel() {
      observation.end();
      super.onCancel();
    }
  }
}
