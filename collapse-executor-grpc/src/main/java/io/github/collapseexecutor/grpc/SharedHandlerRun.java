package io.github.collapseexecutor.grpc;

import io.grpc.Attributes;
import io.grpc.Context;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.SecurityLevel;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.Status;
import io.grpc.SynchronizationContext;
import java.io.IOException;
import java.io.InputStream;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import org.jspecify.annotations.Nullable;

/**
 * The one run of a handler for every caller of a key. The handler gets a call of this run's own,
 * which records what it sends (headers, the response message serialized once, status and
 * trailers) for each caller to receive copies of, and runs in a fork of the first caller's
 * context (its values, not its cancellation or deadline), cancelled when every caller has left:
 * the first caller's client leaving or its deadline passing must not end the others' answer. The
 * handler sees what a call with no deadline sees, and is told to stop, by that cancellation, once
 * nobody waits. Its listener is told everything in order, as grpc-java tells a handler's.
 */
final class SharedHandlerRun<ReqT, RespT> {

  private static final System.Logger LOG = System.getLogger(SharedHandlerRun.class.getName());

  private final ServerCall<ReqT, RespT> first;
  private final ServerCallHandler<ReqT, RespT> next;
  private final Metadata headers;
  private final ReqT request;
  private final Context.CancellableContext context;
  private final CompletableFuture<ServerReply> reply = new CompletableFuture<>();
  private final SynchronizationContext toHandler;
  private ServerCall.@Nullable Listener<ReqT> handler;

  /**
   * @param first the first caller's call, whose attributes and authority the handler reads
   * @param context the first caller's context
   */
  // the callback only passes a cancellation on: the stage whenComplete returns holds nothing more
  @SuppressWarnings("FutureReturnValueIgnored")
  SharedHandlerRun(
      ServerCall<ReqT, RespT> first,
      ServerCallHandler<ReqT, RespT> next,
      Metadata headers,
      ReqT request,
      Context context) {
    this.first = first;
    this.next = next;
    this.headers = SharedReply.copy(headers);
    this.request = request;
    this.context = context.fork().withCancellation();
    this.toHandler = new SynchronizationContext(this::handlerFailed);
    reply.whenComplete(
        (sent, failure) -> {
          if (failure instanceof CancellationException) {
            everyCallerLeft();
          }
        });
  }

  /** Returns the reply, which cancelling (once every caller has left) cancels the run. */
  CompletableFuture<ServerReply> reply() {
    return reply;
  }

  /** Runs the handler on this thread, as grpc-java runs it on the first caller's. */
  void run() {
    toHandler.execute(
        () ->
            context.run(
                () -> {
                  if (reply.isDone()) {
                    return; // every caller left before it started
                  }
                  ServerCall.Listener<ReqT> started = next.startCall(new Recorder(), headers);
                  handler = started;
                  started.onReady();
                  started.onMessage(request);
                  started.onHalfClose();
                }));
  }

  private void everyCallerLeft() {
    context.cancel(null);
    toHandler.execute(
        () -> {
          ServerCall.Listener<ReqT> started = handler;
          if (started != null) {
            context.run(started::onCancel);
          }
        });
  }

  /** What grpc-java does when a handler throws: the call ends with UNKNOWN, and it is logged. */
  private void handlerFailed(Thread thread, Throwable failure) {
    LOG.log(System.Logger.Level.WARNING, "a collapsed gRPC handler threw", failure);
    reply.complete(
        new ServerReply(
            null,
            null,
            null,
            Status.UNKNOWN.withDescription("Application error processing RPC").withCause(failure),
            new Metadata()));
    context.cancel(failure);
  }

  /** The call the handler answers on: it records, and sends nothing itself. */
  private final class Recorder extends ServerCall<ReqT, RespT> {

    private @Nullable String compression;
    private @Nullable Metadata sentHeaders;
    private byte @Nullable [] message;
    private @Nullable Status unsendable;

    @Override
    public void request(int numMessages) {
      // the request was received already
    }

    @Override
    public synchronized void sendHeaders(Metadata headers) {
      if (sentHeaders != null) {
        throw new IllegalStateException("sendHeaders has already been called");
      }
      sentHeaders = SharedReply.copy(headers);
    }

    @Override
    public void sendMessage(RespT response) {
      byte[] serialized = null;
      Status failed = null;
      try (InputStream in = first.getMethodDescriptor().streamResponse(response)) {
        serialized = in.readAllBytes();
      } catch (IOException | RuntimeException e) {
        failed =
            Status.INTERNAL.withDescription("the response could not be serialized").withCause(e);
      }
      synchronized (this) {
        if (message != null || unsendable != null) {
          unsendable = Status.INTERNAL.withDescription("Too many responses");
          return;
        }
        message = serialized;
        unsendable = failed;
      }
    }

    @Override
    public void close(Status status, Metadata trailers) {
      ServerReply sent;
      synchronized (this) {
        sent =
            new ServerReply(
                compression,
                sentHeaders,
                unsendable == null ? message : null,
                unsendable == null ? status : unsendable,
                SharedReply.copy(trailers));
      }
      reply.complete(sent);
      toHandler.execute(
          () -> {
            ServerCall.Listener<ReqT> started = handler;
            if (started != null) {
              context.run(started::onComplete);
            }
            // as grpc-java ends a call's context once it is closed
            context.cancel(null);
          });
    }

    @Override
    public boolean isCancelled() {
      return context.isCancelled();
    }

    @Override
    public boolean isReady() {
      return !context.isCancelled();
    }

    @Override
    public synchronized void setCompression(String compressor) {
      this.compression = compressor;
    }

    @Override
    public void setMessageCompression(boolean enabled) {
      // each caller's call compresses as it is set up to
    }

    @Override
    public MethodDescriptor<ReqT, RespT> getMethodDescriptor() {
      return first.getMethodDescriptor();
    }

    @Override
    public Attributes getAttributes() {
      return first.getAttributes();
    }

    @Override
    public @Nullable String getAuthority() {
      return first.getAuthority();
    }

    @Override
    public SecurityLevel getSecurityLevel() {
      return first.getSecurityLevel();
    }
  }
}
