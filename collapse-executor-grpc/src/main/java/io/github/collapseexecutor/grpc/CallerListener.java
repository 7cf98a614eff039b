package io.github.collapseexecutor.grpc;

import io.grpc.ClientCall;
import io.grpc.Context;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.Status;
import java.io.ByteArrayInputStream;
import java.util.concurrent.Executor;
import org.jspecify.annotations.Nullable;

/**
 * What one caller of a collapsed call hears: the shared reply as a response message of its own,
 * or its own status. Every listener method runs on the caller's call executor when it has one (a
 * blocking stub waits on its own), in the caller's context, all in one task so that their order
 * holds. A {@link Caller} tells it exactly once.
 */
final class CallerListener<RespT> {

  private final MethodDescriptor<?, RespT> method;
  private final ClientCall.Listener<RespT> listener;
  private final Context context;
  private final @Nullable Executor executor;

  CallerListener(
      MethodDescriptor<?, RespT> method,
      ClientCall.Listener<RespT> listener,
      Context context,
      @Nullable Executor executor) {
    this.method = method;
    this.listener = listener;
    this.context = context;
    this.executor = executor;
  }

  ClientCall.Listener<RespT> listener() {
    return listener;
  }

  /**
   * Hands the caller {@code reply}: copies of its headers and trailers, and its message parsed
   * with the method's response marshaller, as a plain call would have received them.
   */
  void reply(SharedReply reply) {
    run(
        () -> {
          if (reply.headers() != null) {
            listener.onHeaders(SharedReply.copy(reply.headers()));
          }
          byte[] message = reply.message();
          if (message != null) {
            RespT parsed;
            try {
              parsed = method.parseResponse(new ByteArrayInputStream(message));
            } catch (RuntimeException e) {
              listener.onClose(
                  Status.INTERNAL.withDescription("Failed to read message.").withCause(e),
                  new Metadata());
              return;
            }
            listener.onMessage(parsed);
          }
          listener.onClose(Status.OK, SharedReply.copy(reply.trailers()));
        });
  }

  /** Closes the caller's call with {@code status}, after copies of the headers it received. */
  void close(Status status, @Nullable Metadata received, @Nullable Metadata trailers) {
    run(
        () -> {
          if (received != null) {
            listener.onHeaders(SharedReply.copy(received));
          }
          listener.onClose(status, trailers == null ? new Metadata() : SharedReply.copy(trailers));
        });
  }

  private void run(Runnable toListener) {
    Runnable task = () -> context.run(toListener);
    if (executor == null) {
      task.run();
    } else {
      executor.execute(task);
    }
  }
}
