package io.github.collapseexecutor.http.adapter;

import io.github.collapseexecutor.http.CollapseKey;
import io.github.collapseexecutor.http.adapter.ClientDriver.FailureCause;
import org.jspecify.annotations.Nullable;

/**
 * A caller's own limits, fixed once per caller as it first leads or waits, so that a caller that
 * waits more than once (it takes a call over, or regroups on {@code Vary}) never gets its time
 * anew: its deadline ({@link ClientDriver#ownWaitLimitNanos()}), as a
 * {@link System#nanoTime()} value or {@link #NO_DEADLINE}, and its read timeout
 * ({@link ClientDriver#readTimeoutNanos()}), {@link Long#MAX_VALUE} for none.
 */
record OwnLimits(long deadline, long readTimeoutNanos) {

  /**
   * The message of the failure a caller gets by default when its own deadline ends its wait, as
   * OkHttp words the end of a call's timeout.
   */
  static final String REACHED = "timeout";

  /** No deadline. */
  static final long NO_DEADLINE = Long.MAX_VALUE;

  /** No limit at all: a server's request, or a request without a key. */
  static final OwnLimits NONE = new OwnLimits(NO_DEADLINE, Long.MAX_VALUE);

  /**
   * Returns the limits of a client's caller: {@link #NONE} for a request without a key, which
   * goes through untouched, and is never asked.
   */
  static OwnLimits of(@Nullable CollapseKey key, ClientDriver<?> driver) {
    return key == null
        ? NONE
        : new OwnLimits(deadlineIn(driver.ownWaitLimitNanos()), driver.readTimeoutNanos());
  }

  /** Returns the deadline {@code limitNanos} from now, or {@link #NO_DEADLINE} for no limit. */
  static long deadlineIn(long limitNanos) {
    if (limitNanos == Long.MAX_VALUE) {
      return NO_DEADLINE;
    }
    long now = System.nanoTime();
    long deadline = now + Math.max(0, limitNanos);
    // a limit so far off that the sum wraps, or lands on the sentinel, is no limit
    return deadline - now < 0 || deadline == NO_DEADLINE ? NO_DEADLINE : deadline;
  }

  /** Returns the nanoseconds left until the deadline, 0 if passed, MAX_VALUE for none. */
  long nanosLeft() {
    return nanosLeft(deadline);
  }

  /** Returns the nanoseconds left until {@code deadline}, 0 if passed, MAX_VALUE for none. */
  static long nanosLeft(long deadline) {
    return deadline == NO_DEADLINE ? Long.MAX_VALUE : Math.max(0, deadline - System.nanoTime());
  }

  /**
   * Returns whether a caller with these limits outlasts {@code leader}, whose own limit of the
   * kind {@code cause} ended its call: its deadline ends after the leader's, or its read timeout
   * is longer. A limit the adapter does not know counts as none, and two unknown limits as
   * equal, so that the failure is shared as before.
   */
  boolean outlast(OwnLimits leader, FailureCause cause) {
    return switch (cause) {
      case CALLER_LEFT -> true;
      case CALLER_LIMIT ->
          leader.deadline != NO_DEADLINE
              && (deadline == NO_DEADLINE || deadline - leader.deadline > 0);
      case CALLER_READ_TIMEOUT -> readTimeoutNanos > leader.readTimeoutNanos;
      case CALL -> false;
    };
  }
}
