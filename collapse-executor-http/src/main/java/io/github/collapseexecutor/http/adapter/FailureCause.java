package io.github.collapseexecutor.http.adapter;

import io.github.collapseexecutor.core.Incubating;

/**
 * What ended a client's call that failed, as its driver tells it ({@link ClientDriver#causeOf}):
 * the call itself, or the caller that made it alone.
 *
 * <p>The shared call belongs to no caller: a failure that the leading caller brought on itself is
 * handed only to the callers whose own call would have failed the same way. When the leading
 * caller {@linkplain #CALLER_LEFT left}, the callers that waited take the call over: the first of
 * them makes it again, with its own settings, for the others. When its own deadline
 * ({@link #CALLER_LIMIT}) or read timeout ({@link #CALLER_READ_TIMEOUT}) ended the call, the
 * callers whose own limit of that kind is longer take it over the same way, and the others get
 * the failure, as their own call would have failed too. A failure of the {@linkplain #CALL call}
 * reaches every caller that waited for it.
 */
@Incubating
public enum FailureCause {

  /** The server or the network: every caller that waited for the call gets the failure. */
  CALL,

  /**
   * The caller left: it cancelled its call, or its thread was interrupted. The callers that
   * waited take the call over.
   */
  CALLER_LEFT,

  /**
   * The caller's own deadline ({@link ClientDriver#ownWaitLimitNanos()}) ended the call. The
   * callers that waited and whose own deadline ends later take the call over; the others get the
   * failure.
   */
  CALLER_LIMIT,

  /**
   * The caller's own read timeout ({@link ClientDriver#readTimeoutNanos()}) ended the call. The
   * callers that waited and whose read timeout is longer take the call over; the others get the
   * failure.
   */
  CALLER_READ_TIMEOUT
}
