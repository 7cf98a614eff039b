package io.github.collapseexecutor.grpc;

import io.grpc.ClientCall;
import io.grpc.Context;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.Status;
import java.io.IOException;
import java.io.InputStream;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import org.jspecify.annotations.Nullable;

/**
 * The one call that goes out for every caller of a key. It is made on the next channel with the
 * first caller's options less its deadline and its call executor, both that caller's own, in a
 * fork of that caller's context: the context's values reach the interceptors below, its deadline
 * and cancellation do not. Its response message is serialized once, with the method's response
 * marshaller, for each caller to parse a copy of its own.
 */
final class SharedCall {

  private SharedCall() {}

  /**
   * Starts the shared call of {@code first}'s key and returns its reply; cancelling the reply,
   * which the executor does when every caller has left, cancels the call.
   */
  static <ReqT, RespT> CompletableFuture<SharedReply> start(
      CollapsingCall.Target<ReqT, RespT> target, ReqT request, Caller<RespT> first) {
    CompletableFuture<SharedReply> reply = new CompletableFuture<>();
    Context shared = first.context().fork();
    Context previous = shared.attach();
    ClientCall<ReqT, RespT> call;
    try {
      call = target.next().newCall(target.method(),
          target.callOptions().withDeadline(null).withExecutor(null));
      call.start(new Recorder<>(target.method(), reply), SharedReply.copy(first.headers()));
      call.request(1);
      call.sendMessage(request);
      call.halfClose();
    } finally {
      shared.detach(previous);
    }
    reply.whenComplete((received, failure) -> {
      if (failure instanceof CancellationException) {
        call.cancel("every caller of the collapsed call left", null);
      }
    });
    return reply;
  }

  /** Records what the shared call receives and completes the reply when it closes. */
  private static final class Recorder<RespT> extends ClientCall.Listener<RespT> {

    private final MethodDescriptor<?, RespT> method;
    private final CompletableFuture<SharedReply> reply;
    private @Nullable Metadata headers;
    private byte @Nullable [] message;
    private @Nullable Status unreadable;

    Recorder(MethodDescriptor<?, RespT> method, CompletableFuture<SharedReply> reply) {
      this.method = method;
      this.reply = reply;
    }

    @Override
    public void onHeaders(Metadata headers) {
      this.headers = headers;
    }

    @Override
    public void onMessage(RespT response) {
      if (message != null || unreadable != null) {
        return;
      }
      try (InputStream in = method.streamResponse(response)) {
        message = in.readAllBytes();
      } catch (IOException | RuntimeException e) {
        unreadable = Status.INTERNAL.withDescription("the response could not be serialized")
            .withCause(e);
      }
    }

    @Override
    public void onClose(Status status, Metadata trailers) {
      if (status.isOk() && unreadable == null) {
        reply.complete(new SharedReply(headers, message, trailers));
      } else {
        reply.completeExceptionally(
            new FailedCall(status.isOk() ? unreadable : status, headers, trailers));
      }
    }
  }
}
