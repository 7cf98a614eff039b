package io.github.collapseexecutor.grpc;

import io.github.collapseexecutor.core.FutureCallableGroupCollapseExecutor;
import io.github.collapseexecutor.core.FutureCallableGroupCollapseExecutor.Place;
import io.grpc.Deadline;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import org.jspecify.annotations.Nullable;

/**
 * Joins each caller of an interceptor that half-closed to the shared call of its key, on the
 * core's {@link FutureCallableGroupCollapseExecutor}, starting the call with the caller's deadline
 * when none is in flight, and sends the call again for the callers that take it over. Once closed
 * it joins nobody: calls made from then on pass through.
 */
final class CallJoiner implements CollapsingCall.Joiner {

  private final FutureCallableGroupCollapseExecutor executor;
  private final UnaryCallKeys keys;

  /** Where a leader starts its key's shared call. */
  private final Start starts;

  private volatile boolean closed;

  CallJoiner(FutureCallableGroupCollapseExecutor executor, UnaryCallKeys keys, Start starts) {
    this.executor = executor;
    this.keys = keys;
    this.starts = starts;
  }

  /**
   * Joins {@code caller} to the shared call of its key, starting it with the caller's deadline if
   * none is in flight; returns false, having done nothing, when the call must pass through after
   * all: a caller that may not wait (its deadline passed, its context cancelled) fails on its own
   * call as grpc-java fails it.
   */
  @Override
  public <ReqT, RespT> boolean join(
      CollapsingCall.Target<ReqT, RespT> target, ReqT request, Caller<RespT> caller) {
    if (closed || !caller.mayWait()) {
      return false;
    }
    UnaryCallKey key = keys.of(target, request, caller.headers(), caller.context());
    return key != null
        && follow(key, new CallerCall<>(target, request, caller), caller.deadline(), Runnable::run);
  }

  /** Whether the interceptor stopped collapsing. */
  boolean closed() {
    return closed;
  }

  /**
   * Stops joining: shared calls in flight finish for the callers that joined them, and their
   * deadlines still end their waits. Idempotent.
   */
  void close() {
    closed = true;
    executor.close();
  }

  /**
   * Makes the caller of {@code call} wait for the shared call of {@code key}, which it starts with
   * {@code deadline}, sent by {@code sending}, if none is in flight; returns false, having done
   * nothing, once closed.
   *
   * <p>Why the caller's deadline, and what a caller that joins later gets: a call in flight
   * cannot take a later deadline, and one sent without any would keep the server at work that
   * nobody waits for. So the call carries the deadline of the callers in it when it is sent,
   * which for a call just started is its first caller's; a caller that joins it with a later
   * deadline, or none, gives up nothing if the call answers in time, as it nearly always does.
   * If the call ends at its deadline instead, those callers take it over ({@link Takeover}) and
   * send it again together, with the latest of their deadlines, or none if one of them has none:
   * what the server did up to the first deadline is lost, once, and never shared as a failure.
   */
  private <ReqT, RespT> boolean follow(
      UnaryCallKey key,
      CallerCall<ReqT, RespT> call,
      @Nullable Deadline deadline,
      Executor sending) {
    Place<SharedReply> place;
    try {
      place = executor.join(key);
    } catch (IllegalStateException closedMeanwhile) {
      return false;
    }
    if (place.leads()) {
      place.lead(() -> starts.start(key, call, deadline, sending));
    }
    call.caller().follow(place.future(), (later, by) -> resend(key, call, later, by));
    return true;
  }

  /**
   * Sends {@code call} again, with {@code deadline}, joining an equal one in flight; once
   * closed, on a call of the caller's own, with its own deadline.
   */
  private <ReqT, RespT> void resend(
      UnaryCallKey key,
      CallerCall<ReqT, RespT> call,
      @Nullable Deadline deadline,
      Executor sending) {
    if (!closed && follow(key, call, deadline, sending)) {
      return;
    }
    Caller<RespT> caller = call.caller();
    caller.follow(
        SharedCall.start(call, caller.deadline(), sending),
        (later, by) -> resend(key, call, later, by));
  }

  /**
   * Where the leader of a key starts its shared call: on this instance ({@link #HERE}), or
   * through a tier that collapses the call with the other instances of the application too.
   */
  interface Start {

    /** Starts every shared call on this instance. */
    Start HERE =
        new Start() {
          @Override
          public <ReqT, RespT> CompletableFuture<SharedReply> start(
              UnaryCallKey key,
              CallerCall<ReqT, RespT> first,
              @Nullable Deadline deadline,
              Executor sending) {
            return SharedCall.start(first, deadline, sending);
          }
        };

    /**
     * Starts the shared call of {@code key}, {@code first}'s, with {@code deadline}, sent by
     * {@code sending}, as {@link SharedCall#start} does; cancelling the reply cancels the call
     * this instance sent, if it sent one.
     */
    <ReqT, RespT> CompletableFuture<SharedReply> start(
        UnaryCallKey key,
        CallerCall<ReqT, RespT> first,
        @Nullable Deadline deadline,
        Executor sending);
  }
}
