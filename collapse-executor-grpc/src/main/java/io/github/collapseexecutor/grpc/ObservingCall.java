package io.github.collapseexecutor.grpc;

import io.grpc.Context;
import io.grpc.Deadline;
import io.grpc.ForwardingClientCall;
import io.grpc.ForwardingClientCallListener;
import io.grpc.Metadata;
import io.grpc.Status;
import org.jspecify.annotations.Nullable;

/**
 * One caller's unary call of a client interceptor that only observes: the call itself, forwarded
 * untouched, which, when the caller half-closes with one request, counts whether it would have
 * joined an equal call in progress, and ends the observation when the call closes.
 */
final class ObservingCall<ReqT, RespT>
    extends ForwardingClientCall.SimpleForwardingClientCall<ReqT, RespT> {

  private final CollapsingCall.Target<ReqT, RespT> target;
  private final UnaryCallKeys keys;
  private @Nullable Metadata headers;
  private @Nullable Context context;
  private @Nullable ReqT request;
  private int messages;
  private final ObservedCalls.Call observation;

  ObservingCall(
      CollapsingCall.Target<ReqT, RespT> target, UnaryCallKeys keys, ObservedCalls observed) {
    super(target.next().newCall(target.method(), target.callOptions()));
    this.target = target;
    this.keys = keys;
    this.observation = observed.call();
  }

  @Override
  public void start(Listener<RespT> listener, Metadata headers) {
    // a copy: the calls below may add to the caller's metadata, which collapse never sees
    Metadata sent = new Metadata();
    sent.merge(headers);
    this.headers = sent;
    this.context = Context.current();
    super.start(
        new ForwardingClientCallListener.SimpleForwardingClientCallListener<>(listener) {
          @Override
          public void onClose(Status status, Metadata trailers) {
            observation.end();
            super.onClose(status, trailers);
          }
        },
        headers);
  }

  @Override
  public void sendMessage(ReqT message) {
    request = message;
    messages++;
    super.sendMessage(message);
  }

  @Override
  public void halfClose() {
    observe();
    super.halfClose();
  }

  /**
   * Starts observing the call, unless collapse would not have taken it: not one request, a caller
   * that may not wait, a key that cannot be made.
   */
  private void observe() {
    Metadata sent = headers;
    Context caller = context;
    ReqT message = request;
    Deadline deadline = target.callOptions().getDeadline();
    if (sent == null
        || caller == null
        || message == null
        || messages != 1
        || caller.isCancelled()
        || (deadline != null && deadline.isExpired())) {
      return;
    }
    UnaryCallKey key = keys.of(target, message, sent, caller);
    if (key != null) {
      observation.start(key, key.method());
    }
  }
}
