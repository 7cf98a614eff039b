package io.github.collapseexecutor.core;

import java.util.concurrent.locks.LockSupport;
import org.jspecify.annotations.Nullable;

/**
 * One caller in the list of a {@link Flight} in progress: a future to complete, or a blocked
 * thread to wake, which then reads the outcome from the flight itself.
 */
abstract class FlightWaiter {

  /** The caller that joined before this one; written by the flight. */
  @Nullable FlightWaiter next;

  /** Whether the caller stopped waiting; it cannot come back. */
  abstract boolean hasLeft();

  /** Hands the outcome to the caller. */
  abstract void settle(@Nullable Object value, @Nullable Throwable failure);

  /** A caller that waits on a future of its own. */
  static final class OnFuture extends FlightWaiter {
    private final CallerFuture<?> caller;

    OnFuture(CallerFuture<?> caller) {
      this.caller = caller;
    }

    @Override
    boolean hasLeft() {
      return caller.isDone();
    }

    @Override
    @SuppressWarnings("unchecked")
    void settle(@Nullable Object value, @Nullable Throwable failure) {
      ((CallerFuture<Object>) caller).settle(value, failure);
    }
  }

  /** A caller whose thread blocks until the run completes. */
  static final class OnThread extends FlightWaiter {
    private final Thread thread;
    private volatile boolean left;

    OnThread(Thread thread) {
      this.thread = thread;
    }

    /** The caller's time ran out or its thread was interrupted. */
    void markLeft() {
      left = true;
    }

    @Override
    boolean hasLeft() {
      return left;
    }

    @Override
    void settle(@Nullable Object value, @Nullable Throwable failure) {
      LockSupport.unpark(thread);
    }
  }
}
