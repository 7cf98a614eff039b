package io.github.collapseexecutor.grpc;

import io.grpc.Attributes;
import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.ClientCall;
import io.grpc.Context;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.Status;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CancellationException;
import org.jspecify.annotations.Nullable;

/**
 * One caller's unary call that may collapse: it holds what the caller sends until the caller
 * half-closes, when the request message is known, and then either joins the shared call of its
 * key or replays everything on a call of its own and forwards to it from then on.
 *
 * <p>A caller may cancel from any thread, so the state is guarded by this call's lock; the calls
 * into the next channel and the listener made under it are those a real call would make there.
 */
final class CollapsingCall<ReqT, RespT> extends ClientCall<ReqT, RespT> {

  /** The method, the options and the next channel of one call: what a new call is made of. */
  record Target<ReqT, RespT>(
      MethodDescriptor<ReqT, RespT> method, CallOptions callOptions, Channel next) {

    /** Returns the authority the call goes to: its options' override or the channel's. */
    String authority() {
      String override = callOptions.getAuthority();
      return override != null ? override : next.authority();
    }
  }

  /** Joins a caller that half-closed to the shared call of its key. */
  interface Joiner {

    /** Returns false, having done nothing, when the call must go out on its own after all. */
    <ReqT, RespT> boolean join(Target<ReqT, RespT> target, ReqT request, Caller<RespT> caller);
  }

  private final Target<ReqT, RespT> target;
  private final Joiner joiner;
  private final List<ReqT> messages = new ArrayList<>(1);
  private @Nullable Caller<RespT> caller;
  private @Nullable ClientCall<ReqT, RespT> own;
  private @Nullable Boolean compression;
  private boolean halfClosed;

  CollapsingCall(Target<ReqT, RespT> target, Joiner joiner) {
    this.target = target;
    this.joiner = joiner;
  }

  @Override
  public synchronized void start(Listener<RespT> listener, Metadata headers) {
    if (caller != null) {
      throw new IllegalStateException("start was already called on this call");
    }
    Context context = Context.current();
    caller =
        new Caller<>(
            target.method(),
            Objects.requireNonNull(listener, "listener"),
            Objects.requireNonNull(headers, "headers"),
            context,
            target.callOptions().getExecutor(),
            OwnDeadline.of(target.callOptions(), context));
  }

  @Override
  public void request(int numMessages) {
    Caller<RespT> joined;
    synchronized (this) {
      if (own != null) {
        own.request(numMessages);
        return;
      }
      joined = started();
      if (!halfClosed) {
        // only counted: nothing can be delivered before the caller joins
        joined.request(numMessages);
        return;
      }
    }
    // outside the lock: a reply that waited for this request reaches the listener now
    joined.request(numMessages);
  }

  @Override
  public synchronized void sendMessage(ReqT message) {
    if (own != null) {
      own.sendMessage(message);
      return;
    }
    if (halfClosed) {
      throw new IllegalStateException("sendMessage after halfClose");
    }
    messages.add(message);
  }

  @Override
  public synchronized void setMessageCompression(boolean enabled) {
    if (own != null) {
      own.setMessageCompression(enabled);
    } else {
      compression = enabled;
    }
  }

  @Override
  public void halfClose() {
    Caller<RespT> joining;
    synchronized (this) {
      if (own != null) {
        own.halfClose();
        return;
      }
      joining = started();
      if (halfClosed) {
        throw new IllegalStateException("halfClose was already called on this call");
      }
      halfClosed = true;
      if (joining.hasLeft()) {
        return;
      }
    }
    // outside the lock: the first caller of a key starts the shared call here
    if (messages.size() == 1 && joiner.join(target, messages.get(0), joining)) {
      return;
    }
    synchronized (this) {
      if (joining.handOver()) {
        goOnItsOwn(joining);
      }
    }
  }

  @Override
  public void cancel(@Nullable String message, @Nullable Throwable cause) {
    Caller<RespT> leaving;
    synchronized (this) {
      if (own != null) {
        own.cancel(message, cause);
        return;
      }
      leaving = caller;
    }
    if (leaving == null) {
      return;
    }
    // the status grpc-java gives a plain call cancelled so
    Throwable why =
        message == null && cause == null
            ? new CancellationException("Cancelled without a message or cause")
            : cause;
    Status status =
        Status.CANCELLED.withDescription(
            message != null ? message : "Call cancelled without message");
    if (!leaving.leave(why != null ? status.withCause(why) : status)) {
      cancelOwn(message, cause);
    }
  }

  /** Cancels the call of its own the caller went on with meanwhile, if it did. */
  private void cancelOwn(@Nullable String message, @Nullable Throwable cause) {
    ClientCall<ReqT, RespT> handedOver;
    synchronized (this) {
      handedOver = own;
    }
    if (handedOver != null) {
      handedOver.cancel(message, cause);
    }
  }

  @Override
  public synchronized boolean isReady() {
    // before the decision nothing is sent, so a sender is never held back
    return own != null ? own.isReady() : !halfClosed;
  }

  @Override
  public synchronized Attributes getAttributes() {
    return own != null ? own.getAttributes() : Attributes.EMPTY;
  }

  /**
   * Makes the caller's own call and replays on it what the caller did, in the caller's context, as
   * if this interceptor had passed the call straight through.
   */
  private void goOnItsOwn(Caller<RespT> caller) {
    Context previous = caller.context().attach();
    try {
      ClientCall<ReqT, RespT> call = target.next().newCall(target.method(), target.callOptions());
      own = call;
      call.start(caller.listener(), caller.headers());
      if (compression != null) {
        call.setMessageCompression(compression);
      }
      if (caller.requested() > 0) {
        call.request(caller.requested());
      }
      for (ReqT message : messages) {
        call.sendMessage(message);
      }
      call.halfClose();
    } finally {
      caller.context().detach(previous);
    }
  }

  private Caller<RespT> started() {
    if (caller == null) {
      throw new IllegalStateException("start was not called on this call");
    }
    return caller;
  }
}
