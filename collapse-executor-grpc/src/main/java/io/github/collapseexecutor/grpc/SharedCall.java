package io.github.collapseexecutor.grpc;

import io.grpc.ClientCall;
import io.grpc.Context;
import io.grpc.Deadline;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.Status;
import java.io.IOException;
import java.io.InputStream;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import org.jspecify.annotations.Nullable;

/**
 * The one call that goes out for every caller of a key. It is made on the next channel with the
 * first caller's options, less its call executor, in a fork of that caller's context: the
 * context's values reach the interceptors below, its cancellation does not, since one caller's
 * leaving must not end the others' call. It carries a deadline that no caller in it when it is
 * sent would object to (see {@link CollapseClientInterceptor}), so that the server can still give
 * up on work nobody waits for; when it ends at that deadline, its callers do not take that as
 * their outcome ({@link Takeover}). Its response message is serialized once, with the method's
 * response marshaller, for each caller to parse a copy of its own.
 */
final class SharedCall {

  private SharedCall() {}

  /**
   * Starts the shared call of {@code first}'s key, with {@code deadline}, and returns its reply;
   * cancelling the reply, which the executor does when every caller has left, cancels the call.
   * The call is sent by {@code sending}: at once ({@code Runnable::run}), or once the other
   * callers that send a call again together have joined it ({@link Takeover}), so that it cannot
   * answer before they are in.
   */
  static <ReqT, RespT> CompletableFuture<SharedReply> start(
      CallerCall<ReqT, RespT> first, @Nullable Deadline deadline, Executor sending) {
    CompletableFuture<SharedReply> reply = new CompletableFuture<>();
    sending.execute(() -> send(first, deadline, reply));
    return reply;
  }

  // the callback only passes a cancellation on: the stage whenComplete returns holds nothing more
  @SuppressWarnings("FutureReturnValueIgnored")
  private static <ReqT, RespT> void send(
      CallerCall<ReqT, RespT> first,
      @Nullable Deadline deadline,
      CompletableFuture<SharedReply> reply) {
    if (reply.isDone()) {
      // every caller left before it was sent
      return;
    }
    CollapsingCall.Target<ReqT, RespT> target = first.target();
    Context shared = first.caller().context().fork();
    Context previous = shared.attach();
    ClientCall<ReqT, RespT> call = null;
    try {
      call =
          target
              .next()
              .newCall(
                  target.method(), target.callOptions().withDeadline(deadline).withExecutor(null));
      call.start(
          new Recorder<>(target.method(), deadline, reply),
          SharedReply.copy(first.caller().headers()));
      call.request(1);
      call.sendMessage(first.request());
      call.halfClose();
    } catch (RuntimeException e) {
      // through the reply, since a call sent after start returned (a Takeover) has nobody else
      // to throw to: its callers get the failure rather than wait for nothing
      if (call != null) {
        call.cancel("the collapsed call could not be sent", e);
      }
      reply.completeExceptionally(e);
      return;
    } finally {
      shared.detach(previous);
    }
    ClientCall<ReqT, RespT> sent = call;
    reply.whenComplete(
        (received, failure) -> {
          if (failure instanceof CancellationException) {
            sent.cancel("every caller of the collapsed call left", null);
          }
        });
  }

  /** Records what the shared call receives and completes the reply when it closes. */
  private static final class Recorder<RespT> extends ClientCall.Listener<RespT> {

    private final MethodDescriptor<?, RespT> method;
    private final @Nullable Deadline deadline;
    private final CompletableFuture<SharedReply> reply;
    private @Nullable Metadata headers;
    private byte @Nullable [] message;
    private @Nullable Status unreadable;

    Recorder(
        MethodDescriptor<?, RespT> method,
        @Nullable Deadline deadline,
        CompletableFuture<SharedReply> reply) {
      this.method = method;
      this.deadline = deadline;
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
        unreadable =
            Status.INTERNAL.withDescription("the response could not be serialized").withCause(e);
      }
    }

    @Override
    public void onClose(Status status, Metadata trailers) {
      if (status.isOk() && unreadable == null) {
        reply.complete(new SharedReply(headers, message, trailers));
      } else if (status.getCode() == Status.Code.DEADLINE_EXCEEDED
          && deadline != null
          && deadline.isExpired()) {
        // the deadline it carried passed: a caller's, not what the server had to say; its callers
        // enlist while the reply completes, on this thread, and then send it again together
        Takeover ended = new Takeover(status, headers, trailers);
        reply.completeExceptionally(ended);
        ended.sendAgain();
      } else {
        reply.completeExceptionally(
            new FailedCall(
                status.isOk() && unreadable != null ? unreadable : status, headers, trailers));
      }
    }
  }
}
