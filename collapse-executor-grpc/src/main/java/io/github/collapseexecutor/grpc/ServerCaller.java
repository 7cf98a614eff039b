package io.github.collapseexecutor.grpc;

import io.grpc.Context;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.Status;
import io.grpc.SynchronizationContext;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledFuture;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

/**
 * One caller of a unary method that may collapse: it holds the request until the caller
 * half-closes, then waits for the shared run of its key, and replays the run's reply on its own
 * call: headers, message, status and trailers. It runs the handler on its own instead, as if this
 * interceptor had passed the call through, when the call cannot collapse or when it waited longer
 * than the interceptor's wait timeout.
 *
 * <p>A caller that cancels or whose deadline passes (grpc-java cancels its call then) leaves its
 * wait alone; the shared run is cancelled when every caller has left.
 */
final class ServerCaller<ReqT, RespT> extends ServerCall.Listener<ReqT> {

  /** Where a caller is: receiving its request, waiting, done, or running a handler of its own. */
  private enum State {
    RECEIVING,
    WAITING,
    DONE,
    OWN
  }

  /**
   * A caller's place in a shared run: its own future of the reply, and the run to start when it
   * leads it.
   */
  record Joined(CompletableFuture<ServerReply> reply, @Nullable Runnable run) {}

  /** Joins a caller that half-closed to the shared run of its key. */
  interface Joiner {

    /**
     * Returns the caller's place in the shared run of its key, or null if it must run on its
     * own.
     */
    <ReqT, RespT> @Nullable Joined join(
        ServerCall<ReqT, RespT> call,
        ServerCallHandler<ReqT, RespT> next,
        Metadata headers,
        ReqT request,
        Context context);

    /** Schedules {@code task} after the wait timeout. */
    ScheduledFuture<?> afterWaitTimeout(Runnable task);

    /** Runs {@code task} on a thread that may block, in place of a caller's. */
    void runElsewhere(Runnable task);
  }

  private final ServerCall<ReqT, RespT> call;
  private final ServerCallHandler<ReqT, RespT> next;
  private final Metadata headers;
  private final Joiner joiner;
  private final List<ReqT> messages = new ArrayList<>(1);
  private final SynchronizationContext toOwnHandler;

  private State state = State.RECEIVING;
  private boolean ready;
  private @Nullable Context context;
  private @Nullable CompletableFuture<ServerReply> waiting;
  private @Nullable ScheduledFuture<?> timer;
  private final Context.CancellationListener contextCancelled = this::contextCancelled;
  private ServerCall.@Nullable Listener<ReqT> own;

  ServerCaller(
      ServerCall<ReqT, RespT> call,
      ServerCallHandler<ReqT, RespT> next,
      Metadata headers,
      Joiner joiner) {
    this.call = call;
    this.next = next;
    this.headers = headers;
    this.joiner = joiner;
    this.toOwnHandler =
        new SynchronizationContext(
            (thread, failure) ->
                // what grpc-java does when a handler throws
                call.close(
                    Status.UNKNOWN
                        .withDescription("Application error processing RPC")
                        .withCause(failure),
                    new Metadata()));
  }

  @Override
  public void onMessage(ReqT message) {
    synchronized (this) {
      if (state == State.RECEIVING) {
        messages.add(message);
        return;
      }
    }
    toOwn(handler -> handler.onMessage(message));
  }

  @Override
  // completed handles both outcomes: the stage whenComplete returns holds nothing more
  @SuppressWarnings("FutureReturnValueIgnored")
  public void onHalfClose() {
    Context current = Context.current();
    synchronized (this) {
      if (state != State.RECEIVING) {
        toOwn(ServerCall.Listener::onHalfClose);
        return;
      }
      context = current;
    }
    Joined joined =
        messages.size() == 1 ? joiner.join(call, next, headers, messages.get(0), current) : null;
    if (joined == null) {
      runOnItsOwn();
      return;
    }
    Runnable run = joined.run();
    synchronized (this) {
      state = State.WAITING;
      waiting = joined.reply();
      // a caller that runs the handler waits for nobody else: its wait is a plain call's
      timer = run == null ? joiner.afterWaitTimeout(this::waitedTooLong) : null;
    }
    // grpc-java cancels the caller's context at once when its client leaves or its deadline
    // passes, even while a handler blocks this caller's thread; onCancel comes only after
    current.addListener(contextCancelled, Runnable::run);
    if (run != null) {
      run.run();
    }
    joined.reply().whenComplete(this::completed);
  }

  @Override
  public void onCancel() {
    synchronized (this) {
      if (state == State.RECEIVING) {
        state = State.DONE;
      }
    }
    if (!leave(State.DONE)) {
      toOwn(ServerCall.Listener::onCancel);
    }
  }

  private void contextCancelled(Context cancelled) {
    leave(State.DONE);
  }

  /**
   * Ends the wait of a caller that still waits, moving it to {@code next}, and takes it out of
   * the shared run; returns false, having done nothing, when it did not wait.
   */
  private boolean leave(State next) {
    CompletableFuture<ServerReply> left;
    synchronized (this) {
      if (state != State.WAITING) {
        return false;
      }
      state = next;
      left = waiting;
    }
    if (left != null) {
      stopWaiting(left);
    }
    return true;
  }

  @Override
  public void onComplete() {
    toOwn(ServerCall.Listener::onComplete);
  }

  @Override
  public void onReady() {
    synchronized (this) {
      ready = true;
    }
    toOwn(ServerCall.Listener::onReady);
  }

  private void completed(@Nullable ServerReply reply, @Nullable Throwable failure) {
    synchronized (this) {
      if (state != State.WAITING) {
        return;
      }
      state = reply != null ? State.DONE : State.OWN;
    }
    cancelTimer();
    if (reply != null) {
      try {
        ServerReplay.send(call, reply);
      } catch (RuntimeException e) {
        // on the thread that ended the run, which serves the other callers next: this call alone
        // fails, as a plain call whose transport refused what the handler sent
        closeQuietly(Status.INTERNAL.withDescription("the shared reply could not be sent"), e);
      }
    } else {
      // the run could not start: the caller runs the handler itself, as without collapse
      startOwn();
    }
  }

  /** After the wait timeout the caller stops waiting and runs the handler on its own. */
  private void waitedTooLong() {
    if (leave(State.OWN)) {
      joiner.runElsewhere(this::startOwn);
    }
  }

  private void stopWaiting(CompletableFuture<ServerReply> left) {
    cancelTimer();
    left.cancel(/* mayInterruptIfRunning= */ false);
  }

  private void cancelTimer() {
    ScheduledFuture<?> scheduled;
    Context callers;
    synchronized (this) {
      scheduled = timer;
      timer = null;
      callers = context;
    }
    if (callers != null) {
      callers.removeListener(contextCancelled);
    }
    if (scheduled != null) {
      scheduled.cancel(/* mayInterruptIfRunning= */ false);
    }
  }

  private void closeQuietly(Status status, RuntimeException cause) {
    try {
      call.close(status.withCause(cause), new Metadata());
    } catch (RuntimeException closedAlready) {
      // the call was closed before the failure: nothing is left to tell its caller
    }
  }

  private void runOnItsOwn() {
    synchronized (this) {
      state = State.OWN;
    }
    startOwn();
  }

  /** Starts the handler on the caller's own call and tells it what the caller did so far. */
  private void startOwn() {
    Context callers = context != null ? context : Context.current();
    toOwnHandler.execute(
        () ->
            callers.run(
                () -> {
                  ServerCall.Listener<ReqT> handler = next.startCall(call, headers);
                  boolean wasReady;
                  synchronized (this) {
                    own = handler;
                    wasReady = ready;
                  }
                  for (ReqT message : messages) {
                    handler.onMessage(message);
                  }
                  handler.onHalfClose();
                  if (wasReady) {
                    handler.onReady();
                  }
                }));
  }

  /** Tells the caller's own handler, once it has one, in order; else nothing. */
  private void toOwn(Consumer<ServerCall.Listener<ReqT>> event) {
    Context callers = Context.current();
    toOwnHandler.execute(
        () -> {
          ServerCall.Listener<ReqT> handler;
          synchronized (this) {
            handler = own;
          }
          if (handler != null) {
            callers.run(() -> event.accept(handler));
          }
        });
  }
}
