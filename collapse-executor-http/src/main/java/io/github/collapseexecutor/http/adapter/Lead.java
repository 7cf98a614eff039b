package io.github.collapseexecutor.http.adapter;

import io.github.collapseexecutor.core.CallerOutcome;
import io.github.collapseexecutor.core.SharedCallOutcome;
import io.github.collapseexecutor.http.CallObserver.SharedCall;
import io.github.collapseexecutor.http.CollapseKey;
import io.github.collapseexecutor.http.RequestHeaders;
import io.github.collapseexecutor.http.UnsharedReason;
import io.github.collapseexecutor.http.adapter.ClientDriver.FailureCause;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jspecify.annotations.Nullable;

/** Make the call for every identical request, then end the turn exactly once. */
final class Lead implements Turn, ResponseRecording.Target {

  private final CollapseProtocol protocol;
  private final CallKey callKey;
  private final Joiner joiner;

  /** What ends the shared call for every request of it: completed through this lead only. */
  private final CompletableFuture<LeadOutcome> promise = new CompletableFuture<>();

  private final CompletableFuture<LeadOutcome> own;
  private final SharedCall call;
  private final AtomicBoolean ended = new AtomicBoolean();

  /**
   * @param own the leading request's own place among the callers
   * @param call the observation of the shared call
   */
  Lead(
      CollapseProtocol protocol,
      CallKey callKey,
      Joiner joiner,
      CompletableFuture<LeadOutcome> own,
      SharedCall call) {
    this.protocol = protocol;
    this.callKey = callKey;
    this.joiner = joiner;
    this.own = own;
    this.call = call;
  }

  /** Returns what the executor's shared call completes with, once this lead ends it. */
  CompletableFuture<LeadOutcome> promise() {
    return promise;
  }

  /**
   * Returns this request's own place among the callers, completed with the outcome: cancelling
   * it leaves the call to the others, and the call is abandoned once every request left.
   */
  CompletableFuture<LeadOutcome> future() {
    return own;
  }

  /**
   * Makes this lead's call as its protocol's leaders make theirs ({@link LeaderCall#make}): here,
   * or through the tier its options name.
   */
  <T, X extends Exception> T make(@Nullable DetailCodec<?> codec, LeaderCall.Steps<T, X> steps)
      throws X {
    return protocol.leaderCall().make(this, codec, steps);
  }

  /** As {@link #make}, without holding a thread ({@link LeaderCall#makeAsync}). */
  <T> @Nullable CompletionStage<? extends T> makeAsync(
      @Nullable DetailCodec<?> codec, LeaderCall.AsyncSteps<T> steps) {
    return protocol.leaderCall().makeAsync(this, codec, steps);
  }

  /** Returns the key of the call. */
  CollapseKey key() {
    return callKey.flight().key();
  }

  /**
   * Returns the response this turn shared with every request of its key, or {@code null}: it has
   * not ended, or ended without a response, with one whose body failed, or with one that varies
   * on a request header the key does not hold, which only requests that sent the same values get.
   */
  @Nullable SharedResponse sharedWithEveryRequest() {
    if (!promise.isDone() || promise.isCompletedExceptionally()) {
      return null;
    }
    LeadOutcome outcome = promise.join();
    Replay replay = outcome.replay();
    return replay != null
            && outcome.leaderEnded() == null
            && outcome.varied().isEmpty()
            && replay.response().bodyFailure() == null
        ? replay.response()
        : null;
  }

  /**
   * Hands the response another instance's call produced ({@link LeaderCall}) to every waiting
   * request, as {@link #share(SharedResponse)} does, and tells this request's observation that it
   * took it ({@link CallerOutcome#JOINED_ELSEWHERE}).
   */
  void joinedElsewhere(SharedResponse response) {
    joiner.caller().outcome(CallerOutcome.JOINED_ELSEWHERE, null);
    share(response);
  }

  /** Returns the nanoseconds left of this request's own deadline, MAX_VALUE for none. */
  long ownNanosLeft() {
    return joiner.limits().nanosLeft();
  }

  /** Returns the headers of the request. */
  RequestHeaders request() {
    return joiner.request();
  }

  /** Returns the largest body that may be buffered to share. */
  @Override
  public int maxBodyBytes() {
    return protocol.maxBodyBytes();
  }

  /** Returns why a response with these headers must not be shared, or {@code null}. */
  @Override
  public @Nullable UnsharedReason refusal(List<Map.Entry<String, @Nullable String>> headers) {
    return protocol.refusal(key(), joiner.request(), headers);
  }

  /** Shares the response a server's chain produced, which a recording held back whole. */
  @Override
  public void share(ClientDriver.Head head, byte[] body) {
    share(new SharedResponse(head, body, null, joiner.request()));
  }

  /**
   * Hands {@code response} to every waiting request, and remembers the request headers it varies
   * on for the next requests with this key.
   */
  void share(SharedResponse response) {
    share(response, FailureCause.CALL);
  }

  /**
   * {@link #share(SharedResponse)} a response whose body ended in a failure that
   * {@code bodyCause} says the leading request brought on itself (anything but
   * {@link FailureCause#CALL}): a waiting request whose own limit is the longer takes
   * the call over instead of reading up to that failure ({@link LeadOutcome.LeaderEnded}).
   */
  void share(SharedResponse response, FailureCause bodyCause) {
    if (end()) {
      List<String> varied = protocol.shared(callKey.flight(), response);
      Throwable bodyFailure = response.bodyFailure();
      LeadOutcome shared =
          bodyCause == FailureCause.CALL || bodyFailure == null
              ? LeadOutcome.shared(response, varied, call)
              : new LeadOutcome(
                  new Replay(response),
                  null,
                  varied,
                  call,
                  new LeadOutcome.LeaderEnded(bodyFailure, bodyCause, joiner.limits()));
      call.end(() -> promise.complete(shared), SharedCallOutcome.SHARED, null, null);
    }
  }

  /**
   * Tells the waiting requests to make their own calls; marks the key for hit-for-pass unless
   * the reason is {@link UnsharedReason#LEADER_FAILED}, which says nothing of the next response.
   */
  @Override
  public void refuse(UnsharedReason reason) {
    if (end()) {
      protocol.refused(callKey.flight(), reason);
      LeadOutcome refused = LeadOutcome.refused(reason, call);
      call.end(() -> promise.complete(refused), SharedCallOutcome.REFUSED, null, reason);
    }
  }

  /**
   * Hands the call's failure to every waiting request, as the client would have thrown it, when
   * the call itself failed. A failure the leading request brought on itself ({@code cause} other
   * than {@link FailureCause#CALL}) is its own: the waiting requests take the call over,
   * or get the failure only where their own call would have failed by now too
   * ({@link LeadOutcome.LeaderEnded}).
   */
  void fail(Throwable failure, FailureCause cause) {
    if (!end()) {
      return;
    }
    if (cause == FailureCause.CALL) {
      call.end(
          () -> promise.completeExceptionally(failure), SharedCallOutcome.FAILED, failure, null);
      return;
    }
    LeadOutcome ended =
        LeadOutcome.leaderEnded(new LeadOutcome.LeaderEnded(failure, cause, joiner.limits()), call);
    call.end(
        () -> promise.complete(ended),
        SharedCallOutcome.FAILED,
        failure,
        UnsharedReason.LEADER_FAILED);
  }

  /** Leaves the call to the waiting requests; the last of them to leave runs {@code stop}. */
  @Override
  public boolean leave(Runnable stop) {
    onAbandon(stop);
    return !own.cancel(/* mayInterruptIfRunning= */ false);
  }

  /** Runs {@code action} once every request left before the turn ended. */
  // the callback only passes a cancellation on: the stage whenComplete returns holds nothing more
  @SuppressWarnings("FutureReturnValueIgnored")
  void onAbandon(Runnable action) {
    promise.whenComplete(
        (outcome, failure) -> {
          if (failure instanceof CancellationException) {
            action.run();
          }
        });
  }

  /**
   * Returns whether this call ends the turn. Counting happens before the promise completes,
   * because completing it answers the callers, which may read the counts at once.
   */
  private boolean end() {
    if (!ended.compareAndSet(false, true)) {
      return false;
    }
    protocol.ended(callKey, joiner.limits());
    return true;
  }
}
