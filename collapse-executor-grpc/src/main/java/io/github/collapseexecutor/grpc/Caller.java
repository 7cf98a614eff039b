package io.github.collapseexecutor.grpc;

import io.grpc.ClientCall;
import io.grpc.Context;
import io.grpc.Contexts;
import io.grpc.Deadline;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.Status;
import java.io.ByteArrayInputStream;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import org.jspecify.annotations.Nullable;

/**
 * One caller of a collapsed call: its listener, metadata, context and call executor, and its
 * wait for the shared call, which ends in exactly one {@code onClose}: the shared outcome, or the
 * caller's own deadline, context cancellation or {@code cancel}. Leaving takes the caller out of
 * the shared call alone ({@code FutureCallableGroupCollapseExecutor} cancels the shared call when
 * its last caller leaves).
 *
 * <p>Every listener method runs on the caller's call executor when it has one (a blocking stub
 * waits on its own), in the caller's context, all in one task so that their order holds.
 */
final class Caller<RespT> {

  private final MethodDescriptor<?, RespT> method;
  private final ClientCall.Listener<RespT> listener;
  private final Metadata headers;
  private final Context context;
  private final @Nullable Executor executor;
  private final Context.CancellationListener contextCancelled = this::contextCancelled;

  private int requested;
  private boolean closed;
  private @Nullable SharedReply unrequested;
  private @Nullable CompletableFuture<SharedReply> waiting;
  private @Nullable ScheduledFuture<?> deadlineTimer;

  Caller(MethodDescriptor<?, RespT> method, ClientCall.Listener<RespT> listener, Metadata headers,
      Context context, @Nullable Executor executor) {
    this.method = method;
    this.listener = listener;
    this.headers = headers;
    this.context = context;
    this.executor = executor;
  }

  ClientCall.Listener<RespT> listener() {
    return listener;
  }

  Metadata headers() {
    return headers;
  }

  Context context() {
    return context;
  }

  synchronized int requested() {
    return requested;
  }

  synchronized boolean hasLeft() {
    return closed;
  }

  /** Counts messages the caller asks for; a reply that waited for its request goes out now. */
  void request(int messages) {
    SharedReply ready;
    synchronized (this) {
      requested += messages;
      ready = unrequested;
      if (ready == null || requested <= 0) {
        return;
      }
      unrequested = null;
      closed = true;
    }
    deliver(ready);
  }

  /**
   * Waits for {@code shared} until it completes or until the caller leaves: by its
   * {@code deadline}, by its context's cancellation or by {@link #leave}.
   */
  void follow(CompletableFuture<SharedReply> shared, @Nullable Deadline deadline) {
    synchronized (this) {
      if (closed) {
        shared.cancel(/* mayInterruptIfRunning= */ false);
        return;
      }
      waiting = shared;
      if (deadline != null) {
        deadlineTimer = deadline.runOnExpiration(() -> leave(Status.DEADLINE_EXCEEDED
            .withDescription("deadline exceeded while waiting for a collapsed call")),
            Timer.INSTANCE);
      }
    }
    // runs the listener at once when the context is already cancelled
    context.addListener(contextCancelled, Runnable::run);
    shared.whenComplete(this::completed);
  }

  /** Ends this caller's wait with {@code status}, whatever the shared call does. */
  void leave(Status status) {
    CompletableFuture<SharedReply> left;
    synchronized (this) {
      if (closed) {
        return;
      }
      closed = true;
      unrequested = null;
      left = waiting;
    }
    if (left != null) {
      left.cancel(/* mayInterruptIfRunning= */ false);
    }
    close(status, null, new Metadata());
  }

  private void contextCancelled(Context cancelled) {
    Status status = Contexts.statusFromCancelled(cancelled);
    leave(status != null ? status : Status.CANCELLED.withDescription("context cancelled"));
  }

  private void completed(@Nullable SharedReply reply, @Nullable Throwable failure) {
    if (reply != null) {
      synchronized (this) {
        if (closed) {
          return;
        }
        if (reply.message() != null && requested <= 0) {
          unrequested = reply;
          return;
        }
        closed = true;
      }
      deliver(reply);
      return;
    }
    Throwable cause = failure instanceof CompletionException && failure.getCause() != null
        ? failure.getCause() : failure;
    if (cause instanceof CancellationException) {
      leave(Status.CANCELLED.withDescription("the collapsed call was cancelled"));
    } else if (cause instanceof FailedCall failed) {
      finish(failed.getStatus(), failed.headers(), failed.getTrailers());
    } else {
      finish(Status.fromThrowable(cause), null, new Metadata());
    }
  }

  private void finish(Status status, @Nullable Metadata received, @Nullable Metadata trailers) {
    synchronized (this) {
      if (closed) {
        return;
      }
      closed = true;
    }
    close(status, received, trailers);
  }

  private void deliver(SharedReply reply) {
    cleanUp();
    run(() -> {
      if (reply.headers() != null) {
        listener.onHeaders(SharedReply.copy(reply.headers()));
      }
      byte[] message = reply.message();
      if (message != null) {
        RespT parsed;
        try {
          parsed = method.parseResponse(new ByteArrayInputStream(message));
        } catch (RuntimeException e) {
          listener.onClose(Status.INTERNAL.withDescription("Failed to read message.").withCause(e),
              new Metadata());
          return;
        }
        listener.onMessage(parsed);
      }
      listener.onClose(Status.OK, SharedReply.copy(reply.trailers()));
    });
  }

  private void close(Status status, @Nullable Metadata received, @Nullable Metadata trailers) {
    cleanUp();
    run(() -> {
      if (received != null) {
        listener.onHeaders(SharedReply.copy(received));
      }
      listener.onClose(status, trailers == null ? new Metadata() : SharedReply.copy(trailers));
    });
  }

  private void cleanUp() {
    ScheduledFuture<?> timer;
    synchronized (this) {
      timer = deadlineTimer;
      deadlineTimer = null;
    }
    if (timer != null) {
      timer.cancel(/* mayInterruptIfRunning= */ false);
    }
    context.removeListener(contextCancelled);
  }

  private void run(Runnable toListener) {
    Runnable task = () -> context.run(toListener);
    if (executor == null) {
      task.run();
    } else {
      executor.execute(task);
    }
  }

  /**
   * The one timer of every interceptor's callers: a daemon thread that only ends waits (each
   * deadline task cancels one caller's future and queues its {@code onClose}), so it never blocks.
   */
  private static final class Timer {

    static final ScheduledExecutorService INSTANCE = timer();

    private static ScheduledExecutorService timer() {
      ScheduledThreadPoolExecutor timer = new ScheduledThreadPoolExecutor(1, task -> {
        Thread thread = new Thread(task, "collapse-grpc-deadlines");
        thread.setDaemon(true);
        return thread;
      });
      // a caller that leaves before its deadline takes its timer entry with it
      timer.setRemoveOnCancelPolicy(true);
      return timer;
    }
  }
}
