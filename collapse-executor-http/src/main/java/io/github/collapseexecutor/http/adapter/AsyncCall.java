package io.github.collapseexecutor.http.adapter;

import io.github.collapseexecutor.http.UnsharedReason;
import io.github.collapseexecutor.http.adapter.ClientDriver.FailureCause;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import org.jspecify.annotations.Nullable;

/**
 * One caller's way through the turns of an {@link AsyncClientCollapser}, to its own future. The
 * caller's future is the only one it holds: cancelling it leaves whatever step the caller is in
 * (its place among the callers of a shared call, its wait, its own call).
 */
final class AsyncCall<R> {

  private final ClientDriver.Async<R> driver;
  private final CompletableFuture<R> result = new CompletableFuture<>();

  /** How the caller leaves the step it is in; each such action may run more than once. */
  private volatile Runnable leave = () -> {};

  // the callback only passes a cancellation on: the stage whenComplete returns holds nothing more
  @SuppressWarnings("FutureReturnValueIgnored")
  AsyncCall(ClientDriver.Async<R> driver) {
    this.driver = driver;
    result.whenComplete(
        (response, failure) -> {
          if (result.isCancelled()) {
            leave.run();
          }
        });
  }

  CompletableFuture<R> result() {
    return result;
  }

  void take(Turn turn) {
    try {
      if (turn instanceof Lead lead) {
        lead(lead);
      } else if (turn instanceof Wait wait) {
        await(wait);
      } else if (turn instanceof Replay replay) {
        deliver(driver.replay(replay.response()));
      } else if (turn instanceof Failed failed) {
        result.completeExceptionally(failed.failure());
      } else {
        own(turn instanceof Observed observed ? observed : null);
      }
    } catch (RuntimeException | Error failure) {
      result.completeExceptionally(failure);
    }
  }

  // the callback handles both outcomes: the stage whenComplete returns holds nothing more
  @SuppressWarnings("FutureReturnValueIgnored")
  private void own(@Nullable Observed observed) {
    CompletableFuture<R> call = driver.send();
    step(() -> call.cancel(/* mayInterruptIfRunning= */ false));
    call.whenComplete(
        (response, failure) -> {
          if (observed != null) {
            // collapse hands a call's failure to every caller of it, as it would a response
            observed.answered(driver, failure == null ? response : null);
          }
          if (failure != null) {
            result.completeExceptionally(SharedFailure.unwrap(failure));
          } else {
            deliver(response);
          }
        });
  }

  /**
   * Leads: makes the call, or takes the response another instance's call produced
   * ({@link LeaderCall}), waiting for it at most the wait timeout, and no longer than its own
   * deadline, without holding a thread.
   */
  private void lead(Lead lead) {
    step(() -> lead.future().cancel(/* mayInterruptIfRunning= */ false));
    CompletionStage<? extends R> made =
        lead.makeAsync(
            driver.detailCodec(),
            new LeaderCall.AsyncSteps<R>() {
              @Override
              public CompletionStage<R> call() {
                return AsyncCall.this.call(lead);
              }

              @Override
              public CompletionStage<R> replay(SharedResponse shared) {
                return CompletableFuture.completedFuture(driver.replay(shared));
              }

              @Override
              public void failed(Throwable unexpected) {
                lead.fail(unexpected, FailureCause.CALL);
              }
            });
    answer(made == null ? call(lead) : made);
  }

  /**
   * Makes the call and shares its response or failure with the callers that wait here; returns
   * this caller's own response, or its failure, for {@link #answer}.
   */
  private CompletableFuture<R> call(Lead lead) {
    CompletableFuture<R> call;
    try {
      call = driver.send();
    } catch (RuntimeException | Error failure) {
      lead.fail(failure, driver.causeOf(failure));
      return CompletableFuture.failedFuture(failure);
    }
    LeadStages stages = new LeadStages(call);
    lead.onAbandon(stages::abandon);
    return call.thenCompose(response -> capture(lead, response, stages))
        .handle(
            (mine, failure) -> {
              if (failure != null) {
                Throwable cause = SharedFailure.unwrap(failure);
                lead.fail(cause, driver.causeOf(cause));
                throw new CompletionException(cause);
              }
              // ends the turn if the call completed without a response; no-op otherwise
              lead.refuse(UnsharedReason.LEADER_FAILED);
              return mine;
            });
  }

  /** Hands the caller what its own call ended with: {@link #call}'s stage. */
  private void answer(CompletionStage<? extends R> own) {
    own.whenComplete(
        (mine, failure) -> {
          if (failure != null) {
            result.completeExceptionally(SharedFailure.unwrap(failure));
          } else {
            deliver(mine);
          }
        });
  }

  /** Returns the leading caller's own response, having shared or refused {@code response}. */
  private CompletableFuture<R> capture(Lead lead, @Nullable R response, LeadStages stages) {
    if (response == null) {
      return CompletableFuture.completedFuture(null);
    }
    try {
      ClientDriver.Head head = driver.head(response);
      UnsharedReason refusal = LiveResponse.refusal(lead.refusal(head.headers()), driver, response);
      if (refusal != null) {
        lead.refuse(refusal);
        return CompletableFuture.completedFuture(response);
      }
      CompletableFuture<BodyRead<R>> read =
          BodySplit.read(
              driver.body(response), lead.maxBodyBytes(), rest -> driver.withBody(response, rest));
      stages.next(read);
      return read.thenApply(body -> share(lead, head, body));
    } catch (Exception | Error failure) {
      driver.release(response);
      throw failure instanceof RuntimeException unchecked
          ? unchecked
          : new CompletionException(failure);
    }
  }

  private R share(Lead lead, ClientDriver.Head head, BodyRead<R> body) {
    if (body.streaming() != null) {
      lead.refuse(UnsharedReason.TOO_LARGE);
      return body.streaming();
    }
    // a body that is not streamed was read whole, or up to its failure
    SharedResponse shared =
        new SharedResponse(
            head, Objects.requireNonNull(body.bytes(), "bytes"), body.failure(), lead.request());
    lead.share(shared, body.failure() == null ? FailureCause.CALL : driver.causeOf(body.failure()));
    return driver.replay(shared);
  }

  // the callback handles both outcomes: the stage whenComplete returns holds nothing more; and
  // LIMIT_REACHED by identity: only the wait's timer completes it with that very outcome
  @SuppressWarnings({"FutureReturnValueIgnored", "ReferenceEquality"})
  private void await(Wait wait) {
    step(wait::leave);
    boolean ownLimitFirst = wait.ownLimitFirst();
    boolean readTimeoutFirst = wait.readTimeoutFirst();
    CompletableFuture<LeadOutcome> bounded = wait.bounded();
    bounded.whenComplete(
        (outcome, failure) -> {
          // on the timer's or the shared call's thread, which nobody waits on: whatever goes wrong
          // here ends the caller's future, never only this thread
          try {
            if (outcome == Wait.LIMIT_REACHED && ownLimitFirst) {
              wait.ownLimitReached();
              result.completeExceptionally(
                  readTimeoutFirst ? driver.readTimeoutReached() : driver.ownLimitReached());
            } else if (outcome == Wait.LIMIT_REACHED) {
              take(wait.answer(wait.timedOut()));
            } else if (failure != null) {
              // the shared call's failure, or the caller left and cancelled its wait
              result.completeExceptionally(SharedFailure.unwrap(failure));
            } else {
              // a waiter whose Vary values differ from the leader's may lead or wait once more
              take(wait.answer(outcome));
            }
          } catch (RuntimeException | Error unexpected) {
            result.completeExceptionally(unexpected);
          }
        });
  }

  /** Enters a step: a caller that already left leaves it at once. */
  private void step(Runnable leaving) {
    leave = leaving;
    if (result.isCancelled()) {
      leaving.run();
    }
  }

  /** Hands {@code response} to the caller, or releases it if the caller left. */
  private void deliver(@Nullable R response) {
    if (!result.complete(response) && response != null) {
      driver.release(response);
    }
  }
}
