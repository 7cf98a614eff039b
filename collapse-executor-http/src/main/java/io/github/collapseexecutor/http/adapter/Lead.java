package io.github.collapseexecutor.http.adapter;

import io.github.collapseexecutor.core.CallerOutcome;
import io.github.collapseexecutor.core.SharedCallOutcome;
import io.github.collapseexecutor.http.CallObserver.Caller;
import io.github.collapseexecutor.http.CallObserver.SharedCall;
import io.github.collapseexecutor.http.CollapseKey;
import io.github.collapseexecutor.http.RequestHeaders;
import io.github.collapseexecutor.http.UnsharedReason;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jspecify.annotations.Nullable;

/** Make the call for every identical request, then end the turn exactly once. */
final class Lead implements Turn {

  private final CollapseProtocol protocol;
  private final CollapseKey key;
  private final Object flight;

  /** What the executor keys the call under: the flight, with the writes before it started. */
  private final Object executorKey;

  private final RequestHeaders request;
  private final CompletableFuture<LeadOutcome> promise;
  private final CompletableFuture<LeadOutcome> own;
  private final SharedCall call;
  private final Caller caller;
  private final OwnLimits limits;
  private final AtomicBoolean ended = new AtomicBoolean();

  Lead(
      CollapseProtocol protocol,
      CollapseKey key,
      Object flight,
      Object stamped,
      RequestHeaders request,
      CompletableFuture<LeadOutcome> promise,
      CompletableFuture<LeadOutcome> own,
      SharedCall call,
      Caller caller,
      OwnLimits limits) {
    this.protocol = protocol;
    this.key = key;
    this.flight = flight;
    this.executorKey = stamped;
    this.request = request;
    this.promise = promise;
    this.own = own;
    this.call = call;
    this.caller = caller;
    this.limits = limits;
  }

  /**
   * Returns this request's own place among the callers, completed with the outcome: cancelling
   * it leaves the call to the others, and the call is abandoned once every request left.
   */
  CompletableFuture<LeadOutcome> future() {
    return own;
  }

  /** Returns the key of the call. */
  CollapseKey key() {
    return key;
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
    SharedResponse response = outcome.response();
    return response != null
            && outcome.leaderEnded() == null
            && outcome.varied().isEmpty()
            && response.bodyFailure() == null
        ? response
        : null;
  }

  /**
   * Hands the response another instance's call produced ({@link LeaderCall}) to every waiting
   * request, as {@link #share(SharedResponse)} does, and tells this request's observation that it
   * took it ({@link CallerOutcome#JOINED_ELSEWHERE}).
   */
  void joinedElsewhere(SharedResponse response) {
    caller.outcome(CallerOutcome.JOINED_ELSEWHERE, null);
    share(response);
  }

  /** Returns the nanoseconds left of this request's own deadline, MAX_VALUE for none. */
  long ownNanosLeft() {
    return limits.nanosLeft();
  }

  /** Returns the headers of the request. */
  RequestHeaders request() {
    return request;
  }

  /** Returns the largest body that may be buffered to share. */
  int maxBodyBytes() {
    return protocol.options.maxBodyBytes();
  }

  /**
   * Returns why a response with these headers must not be shared, or {@code null}. A stream
   * ({@link StreamTypes}) is refused as soon as its headers arrive, so that its caller reads its
   * events as they come and the waiting requests do not wait for its end.
   */
  @Nullable UnsharedReason refusal(List<Map.Entry<String, @Nullable String>> headers) {
    UnsharedReason refusal =
        SharingRules.refusal(
            headers,
            SharingRules.credentialed(request, protocol.options.sensitiveHeaders()),
            protocol.sharing[key.group()]);
    return refusal == null && StreamTypes.isStream(headers) ? UnsharedReason.STREAM : refusal;
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
      List<String> varied =
          response.varyNames().stream()
              .filter(name -> !protocol.rules.keyHolds(key, name))
              .toList();
      if (!varied.isEmpty()) {
        protocol.varyNames.put(key, varied);
      } else if (flight instanceof VariedKey) {
        protocol.varyNames.remove(key);
      }
      protocol.counters.led(key);
      Throwable bodyFailure = response.bodyFailure();
      LeadOutcome shared =
          bodyCause == FailureCause.CALL || bodyFailure == null
              ? LeadOutcome.shared(response, varied, call)
              : new LeadOutcome(
                  response,
                  null,
                  varied,
                  call,
                  new LeadOutcome.LeaderEnded(bodyFailure, bodyCause, limits));
      call.end(() -> promise.complete(shared), SharedCallOutcome.SHARED, null, null);
    }
  }

  /**
   * Tells the waiting requests to make their own calls; marks the key for hit-for-pass unless
   * the reason is {@link UnsharedReason#LEADER_FAILED}, which says nothing of the next response.
   */
  void refuse(UnsharedReason reason) {
    if (end()) {
      if (reason != UnsharedReason.LEADER_FAILED) {
        protocol.hitForPass.put(flight, Boolean.TRUE);
      }
      protocol.counters.led(key);
      protocol.unshared(key, reason);
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
        LeadOutcome.leaderEnded(new LeadOutcome.LeaderEnded(failure, cause, limits), call);
    call.end(
        () -> promise.complete(ended),
        SharedCallOutcome.FAILED,
        failure,
        UnsharedReason.LEADER_FAILED);
  }

  /** Runs {@code action} once every request left before the turn ended. */
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
    protocol.leaders.remove(executorKey, limits);
    return true;
  }
}
