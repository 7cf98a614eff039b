package io.github.collapseexecutor.http.adapter;

import io.github.collapseexecutor.http.CallObserver;
import io.github.collapseexecutor.http.UnsharedReason;
import io.github.collapseexecutor.http.adapter.ClientDriver.FailureCause;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * What the request that made the call hands to the others: a response to replay, the reason
 * they must make their own calls, or a failure that the leading request brought on itself, which
 * decides who takes the call over ({@link LeaderEnded}).
 *
 * @param replay the turn of each waiting request that may have the response, one for all of
 *     them; or {@code null} if it is not shared
 * @param reason why it is not shared, or {@code null} if it is
 * @param varied the lower-case names of the request headers the response varies on that the key
 *     does not hold; empty if none
 * @param call the shared call that produced it, for the span links of the requests that joined
 * @param leaderEnded how the leading request ended the call itself, or {@code null}
 */
record LeadOutcome(
    @Nullable Replay replay,
    @Nullable UnsharedReason reason,
    List<String> varied,
    CallObserver.SharedCall call,
    @Nullable LeaderEnded leaderEnded) {

  static LeadOutcome shared(
      SharedResponse response, List<String> varied, CallObserver.SharedCall call) {
    return new LeadOutcome(new Replay(response), null, varied, call, null);
  }

  static LeadOutcome refused(UnsharedReason reason, CallObserver.SharedCall call) {
    return new LeadOutcome(null, reason, List.of(), call, null);
  }

  /** Returns the outcome of a call that the leading request's cancel or own limit ended. */
  static LeadOutcome leaderEnded(LeaderEnded ended, CallObserver.SharedCall call) {
    return new LeadOutcome(null, UnsharedReason.LEADER_FAILED, List.of(), call, ended);
  }

  /** Returns the outcome of a request that made no shared call: it waited too long. */
  static LeadOutcome refused(UnsharedReason reason) {
    return refused(reason, CallObserver.SharedCall.NONE);
  }

  /**
   * A call that failed because of the leading request alone: it left, or a limit of its own
   * ended the call.
   *
   * @param failure what the leading request's call failed with
   * @param cause what ended it, never {@link FailureCause#CALL}
   * @param limits the leading request's own limits
   */
  record LeaderEnded(Throwable failure, FailureCause cause, OwnLimits limits) {

    /**
     * Returns whether a waiting request with {@code waiter}'s limits takes the call over rather
     * than getting the failure: always when the leader left, and when the leader's own limit
     * ended the call, only if the waiting request's limit of that kind is the longer, since its
     * own call would otherwise have failed as well.
     */
    boolean takenOverBy(OwnLimits waiter) {
      return waiter.outlast(limits, cause);
    }
  }
}
