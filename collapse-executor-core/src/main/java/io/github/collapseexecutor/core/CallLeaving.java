package io.github.collapseexecutor.core;

/** What {@link Call#leaveBatch} found when a caller stopped waiting. */
enum CallLeaving {
  /** The caller is out now. */
  LEFT,
  /** The call is still queued: it leaves under the engine's lock ({@link Call#leaveQueue}). */
  QUEUED,
  /** The caller was asked to lead its batch and must pass it on first. */
  ASKED_TO_LEAD,
  /** The call is settled, or its caller left before: nothing to do. */
  TOO_LATE
}
