package io.github.collapseexecutor.http.adapter;

import io.github.collapseexecutor.core.CallerOutcome;
import io.github.collapseexecutor.http.CollapseKey;
import io.github.collapseexecutor.http.UnsharedReason;
import java.io.InterruptedIOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;

/** Wait for the outcome of another request's call. */
final class Wait implements Turn {

  /** What {@link #bounded} completes with at the wait's limit; compared by identity. */
  static final LeadOutcome LIMIT_REACHED = LeadOutcome.refused(UnsharedReason.WAIT_TIMEOUT);

  private final CollapseProtocol protocol;
  private final FlightKey flight;
  private final Joiner joiner;
  private final CompletableFuture<LeadOutcome> future;
  private final boolean mayRegroup;

  /** When this request's read timeout ends its wait, or {@link OwnLimits#NO_DEADLINE}. */
  private final long readDeadline;

  /** See {@link CollapseProtocol#join(FlightKey, Joiner, boolean)} for {@code mayRegroup}. */
  Wait(
      CollapseProtocol protocol,
      CallKey call,
      Joiner joiner,
      CompletableFuture<LeadOutcome> future,
      boolean mayRegroup) {
    this.protocol = protocol;
    this.flight = call.flight();
    this.joiner = joiner;
    this.future = future;
    this.mayRegroup = mayRegroup;
    // a read timeout shorter than the leader's (if known) bounds the wait, since this request's
    // own call would have failed at it before the response began
    OwnLimits leader = protocol.leader(call);
    long readTimeout = joiner.limits().readTimeoutNanos();
    this.readDeadline =
        leader != null && readTimeout < leader.readTimeoutNanos()
            ? OwnLimits.deadlineIn(readTimeout)
            : OwnLimits.NO_DEADLINE;
  }

  /**
   * Returns how long this request may wait, in nanoseconds: until the soonest of its own
   * deadline, its read timeout when that is shorter than the leader's, and the wait timeout;
   * {@link Long#MAX_VALUE} for no limit.
   */
  long limitNanos() {
    return Math.min(ownLimitNanos(), protocol.waitTimeoutNanos());
  }

  /** Returns whether a limit of the request's own, rather than the wait timeout, ends its wait. */
  boolean ownLimitFirst() {
    return ownLimitNanos() < protocol.waitTimeoutNanos();
  }

  /** Returns whether the request's read timeout, rather than its deadline, ends its wait. */
  boolean readTimeoutFirst() {
    return OwnLimits.nanosLeft(readDeadline) < joiner.limits().nanosLeft();
  }

  private long ownLimitNanos() {
    return Math.min(joiner.limits().nanosLeft(), OwnLimits.nanosLeft(readDeadline));
  }

  /** Returns the outcome, or the call's failure; cancelling it leaves the call. */
  CompletableFuture<LeadOutcome> future() {
    return future;
  }

  /**
   * Returns a copy of {@link #future()} that completes with {@link #LIMIT_REACHED} once the
   * request waited {@link #limitNanos()}: for a request that waits without a thread.
   */
  CompletableFuture<LeadOutcome> bounded() {
    long limit = limitNanos();
    return limit == Long.MAX_VALUE
        ? future.copy()
        : future.copy().completeOnTimeout(LIMIT_REACHED, limit, TimeUnit.NANOSECONDS);
  }

  /**
   * Stops waiting at the wait timeout, reports it to the listener, and returns the outcome to
   * {@link #answer}: an own call.
   */
  LeadOutcome timedOut() {
    leave();
    protocol.waitTimedOut();
    return LeadOutcome.refused(UnsharedReason.WAIT_TIMEOUT);
  }

  /** Stops waiting because the request's own time limit ended first; reports the timeout. */
  void ownLimitReached() {
    leave();
    joiner.caller().outcome(CallerOutcome.FELL_BACK, UnsharedReason.WAIT_TIMEOUT.tag());
    protocol.waitTimedOut();
  }

  /**
   * Stops waiting because the waiting thread was interrupted: keeps its interrupt status and
   * returns the exception the caller fails with.
   */
  InterruptedIOException interrupted(InterruptedException interrupt) {
    leave();
    Thread.currentThread().interrupt();
    InterruptedIOException failure =
        new InterruptedIOException("interrupted while waiting for a collapsed call");
    failure.initCause(interrupt);
    return failure;
  }

  /** Stops waiting: the call goes on for the others. */
  void leave() {
    // a caller's future reports a second cancel as a second leave; the wait may be cancelled
    // already (by a timer, or by the caller)
    if (!future.isDone()) {
      future.cancel(/* mayInterruptIfRunning= */ false);
    }
  }

  /**
   * Returns what this request does next, as {@link CollapseProtocol#join} would: a
   * {@link Replay} of the shared response, a {@link Pass} to make its own call (both counted),
   * or, when the response varies on a header whose value this request sent differently, a
   * {@link Lead} or {@link Wait} among the requests that sent the same values, so that they make
   * one call between them instead of one each.
   *
   * @param outcome the outcome, or {@code null} if the call ended without one
   */
  Turn answer(@Nullable LeadOutcome outcome) {
    CollapseKey key = flight.key();
    Replay replay = outcome == null ? null : outcome.replay();
    SharedResponse response = replay == null ? null : replay.response();
    joiner.caller().linkTo(outcome == null ? null : outcome.call());
    LeadOutcome.LeaderEnded leaderEnded = outcome == null ? null : outcome.leaderEnded();
    if (leaderEnded != null && (leaderEnded.takenOverBy(joiner.limits()) || response == null)) {
      return afterLeader(leaderEnded);
    }
    if (replay != null && replay.response().canServe(joiner.request())) {
      protocol.counters().replayed(key);
      return replay;
    }
    if (outcome != null && response != null && mayRegroup && !outcome.varied().isEmpty()) {
      protocol.counters().regrouped(key);
      return protocol.join(
          FlightKey.of(key, outcome.varied(), joiner.request()), joiner, /* mayRegroup= */ false);
    }
    protocol.counters().fellBack(key);
    UnsharedReason reason =
        outcome == null
            ? UnsharedReason.LEADER_FAILED
            : outcome.reason() == null ? UnsharedReason.VARY : outcome.reason();
    protocol.unshared(key, reason);
    joiner.caller().outcome(CallerOutcome.FELL_BACK, reason.tag());
    return Pass.PASS;
  }

  /**
   * Returns what this request does when the leading request ended the call itself: it joins the
   * same call anew, where the first of the requests that do so leads it with its own settings
   * and the others wait for that one, or, when the leader's own limit ended the call and this
   * request's own limit of that kind is no longer, it fails with the call's failure as its own
   * call would have.
   */
  private Turn afterLeader(LeadOutcome.LeaderEnded ended) {
    if (ended.takenOverBy(joiner.limits())) {
      return protocol.join(flight, joiner, mayRegroup);
    }
    return new Failed(ended.failure());
  }
}
