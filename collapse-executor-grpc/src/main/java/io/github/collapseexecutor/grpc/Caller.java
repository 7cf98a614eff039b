package io.github.collapseexecutor.grpc;

import io.grpc.ClientCall;
import io.grpc.Context;
import io.grpc.Contexts;
import io.grpc.Deadline;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.Status;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeoutException;
import org.jspecify.annotations.Nullable;

/**
 * One caller of a collapsed call: its listener, metadata, context, call executor and deadline,
 * and its wait for the shared call, which ends in exactly one {@code onClose}: the shared
 * outcome, or the caller's own deadline, context cancellation or {@code cancel}, each with the
 * status a plain call would end with. Leaving takes the caller out of the shared call alone
 * ({@code FutureCallableGroupCollapseExecutor} cancels the shared call when its last caller
 * leaves). A shared call that ended at its own deadline ({@link Takeover}) is no outcome for a
 * caller whose deadline has not passed: it sends the call again, and waits for that. What ends
 * the wait goes to the caller's {@link CallerListener}.
 */
final class Caller<RespT> {

  /** Sends a caller's call again, for a shared call that ended at its deadline. */
  interface Resend {

    /**
     * Joins an equal call in flight, or starts one with {@code deadline}, which {@code sending}
     * sends.
     */
    void resend(@Nullable Deadline deadline, Executor sending);
  }

  private final CallerListener<RespT> listener;
  private final Metadata headers;
  private final Context context;
  private final @Nullable OwnDeadline deadline;
  private final Context.CancellationListener contextCancelled = this::contextCancelled;

  private int requested;
  private boolean closed;
  private @Nullable SharedReply unrequested;
  private @Nullable CompletableFuture<SharedReply> waiting;
  private @Nullable ScheduledFuture<?> deadlineTimer;
  private @Nullable Resend resend;

  /**
   * @param deadline the caller's own deadline, as {@link OwnDeadline#of} read it when the caller
   *     started its call; null if it has none
   */
  Caller(
      MethodDescriptor<?, RespT> method,
      ClientCall.Listener<RespT> listener,
      Metadata headers,
      Context context,
      @Nullable Executor executor,
      @Nullable OwnDeadline deadline) {
    this.listener = new CallerListener<>(method, listener, context, executor);
    this.headers = headers;
    this.context = context;
    this.deadline = deadline;
  }

  ClientCall.Listener<RespT> listener() {
    return listener.listener();
  }

  Metadata headers() {
    return headers;
  }

  Context context() {
    return context;
  }

  @Nullable OwnDeadline ownDeadline() {
    return deadline;
  }

  /** Returns the deadline a call sent for this caller alone carries: its own, or none. */
  @Nullable Deadline deadline() {
    return deadline != null ? deadline.deadline() : null;
  }

  /**
   * Whether the caller may wait for a shared call: its context is not cancelled and its deadline
   * has not passed. A caller that may not goes out on a call of its own, which grpc-java fails at
   * once as it fails a plain call started so.
   */
  boolean mayWait() {
    return !context.isCancelled() && (deadline == null || !deadline.hasPassed());
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
   * Waits for {@code shared} until it completes or until the caller leaves: by its deadline, by
   * its context's cancellation or by {@link #leave}. Called again with the call sent again
   * through {@code resend} when a shared call ended at its deadline before the caller's.
   */
  // completed handles both outcomes: the stage whenComplete returns holds nothing more
  @SuppressWarnings("FutureReturnValueIgnored")
  void follow(CompletableFuture<SharedReply> shared, Resend resend) {
    boolean first;
    synchronized (this) {
      if (closed) {
        shared.cancel(/* mayInterruptIfRunning= */ false);
        return;
      }
      first = waiting == null;
      waiting = shared;
      this.resend = resend;
      // a deadline of the context passes as its cancellation, which the listener below hears of
      if (first && deadline != null && !deadline.fromContext()) {
        OwnDeadline own = deadline;
        deadlineTimer =
            own.deadline().runOnExpiration(() -> leave(own.exceeded()), DeadlineTimer.INSTANCE);
      }
    }
    if (first) {
      // runs the listener at once when the context is already cancelled
      context.addListener(contextCancelled, Runnable::run);
    }
    shared.whenComplete(this::completed);
  }

  /**
   * Ends this caller's wait with {@code status}, whatever the shared call does; returns false,
   * having done nothing, when the wait had ended already.
   */
  boolean leave(Status status) {
    CompletableFuture<SharedReply> left;
    synchronized (this) {
      if (closed) {
        return false;
      }
      closed = true;
      unrequested = null;
      left = waiting;
    }
    if (left != null) {
      left.cancel(/* mayInterruptIfRunning= */ false);
    }
    close(status, null, new Metadata());
    return true;
  }

  /**
   * Ends this caller's wait for a call of its own that it makes instead, which closes its
   * listener from now on; returns false, having done nothing, when the caller had left already.
   */
  boolean handOver() {
    synchronized (this) {
      if (closed) {
        return false;
      }
      closed = true;
    }
    cleanUp();
    return true;
  }

  /**
   * Sends the call again, with {@code latest}, by {@code sending}, for a shared call that ended
   * at its deadline.
   */
  void sendAgain(@Nullable Deadline latest, Executor sending) {
    Resend again;
    synchronized (this) {
      if (closed || resend == null) {
        return;
      }
      again = resend;
    }
    again.resend(latest, sending);
  }

  private void contextCancelled(Context cancelled) {
    OwnDeadline own = deadline;
    if (own != null
        && own.fromContext()
        && cancelled.cancellationCause() instanceof TimeoutException) {
      leave(own.exceeded());
      return;
    }
    Status status = Contexts.statusFromCancelled(cancelled);
    leave(status != null ? status : Status.CANCELLED.withDescription("context cancelled"));
  }

  /**
   * Takes over a shared call that ended at its deadline: fails with its own deadline's status if
   * that has passed too, else has the call sent again, with the others if it can.
   */
  private void takeOver(Takeover ended) {
    if (hasLeft()) {
      return;
    }
    OwnDeadline own = deadline;
    if (own != null && own.hasPassed()) {
      leave(own.exceeded());
    } else if (!ended.enlist(this)) {
      sendAgain(deadline(), Runnable::run);
    }
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
    Throwable cause =
        failure instanceof CompletionException && failure.getCause() != null
            ? failure.getCause()
            : failure;
    if (cause instanceof Takeover ended) {
      takeOver(ended);
    } else if (cause instanceof CancellationException) {
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
    listener.reply(reply);
  }

  private void close(Status status, @Nullable Metadata received, @Nullable Metadata trailers) {
    cleanUp();
    listener.close(status, received, trailers);
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
}
