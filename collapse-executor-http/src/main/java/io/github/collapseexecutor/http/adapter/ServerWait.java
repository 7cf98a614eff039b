package io.github.collapseexecutor.http.adapter;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jspecify.annotations.Nullable;

/**
 * The wait of a suspended server request: it ends once, with the shared call's outcome, at the
 * wait timeout, or when the request ends first ({@link #leave}); the request is then answered
 * through its exchange from the thread that ended the wait.
 */
final class ServerWait {

  private final Wait wait;
  private final ServerExchange<?> exchange;
  private final AtomicBoolean settled = new AtomicBoolean();
  private final CompletableFuture<Object> answered = new CompletableFuture<>();

  ServerWait(Wait wait, ServerExchange<?> exchange) {
    this.wait = wait;
    this.exchange = exchange;
  }

  /** Starts timing the wait; returns the stage that completes when the request was answered. */
  // the callback answers the request; answered, which this returns, tells when it did
  @SuppressWarnings("FutureReturnValueIgnored")
  CompletionStage<?> start() {
    CompletableFuture<LeadOutcome> bounded = wait.bounded();
    bounded.whenComplete(
        (outcome, failure) -> {
          if (settled.compareAndSet(false, true)) {
            answer(outcome, failure);
          }
        });
    return answered;
  }

  /** Stops waiting: the request ended while it waited; the call goes on for the others. */
  void leave() {
    if (settled.compareAndSet(false, true)) {
      wait.leave();
      answered.complete(null);
    }
  }

  /**
   * Answers the request from the thread that ended the wait, which nobody waits on: whatever
   * goes wrong here ends {@link #answered}, never only this thread.
   */
  // LIMIT_REACHED by identity: only the wait's timer completes it with that very outcome
  @SuppressWarnings("ReferenceEquality")
  private void answer(@Nullable LeadOutcome outcome, @Nullable Throwable waitFailure) {
    try {
      // a failure leaves no outcome: the request runs the chain itself
      LeadOutcome ended =
          outcome == Wait.LIMIT_REACHED ? wait.timedOut() : waitFailure != null ? null : outcome;
      Turn next = wait.answer(ended);
      CompletionStage<?> done =
          next instanceof Replay replay
              ? exchange.replay(replay.response())
              : exchange.resume(next == Pass.PASS ? null : new ServerCollapser.Continuation(next));
      done.whenComplete(
          (ignored, failure) -> {
            if (failure != null) {
              answered.completeExceptionally(failure);
            } else {
              answered.complete(null);
            }
          });
    } catch (Exception | Error failure) {
      answered.completeExceptionally(failure);
    }
  }
}
