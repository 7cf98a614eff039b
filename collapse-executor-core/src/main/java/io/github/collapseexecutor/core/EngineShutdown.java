package io.github.collapseexecutor.core;

import java.util.Objects;

/**
 * The shutdown of one batch engine: whether it refuses new calls, and what runs once, after it is
 * closed, when no input is pending and no batch runs. Changed under the engine's lock; whether it
 * is closed is read without it too, by the lock-free paths.
 */
final class EngineShutdown {

  private static final System.Logger LOG = System.getLogger(BatchEngine.class.getName());

  private final String name;

  /** Written under the lock, read without it by the lock-free start and release. */
  private volatile boolean closed;

  private boolean terminated;
  private Runnable onTerminated = () -> {};

  EngineShutdown(String name) {
    this.name = name;
  }

  /** Sets what runs once the engine ended. */
  void onTerminated(Runnable onTerminated) {
    this.onTerminated = Objects.requireNonNull(onTerminated, "onTerminated");
  }

  boolean isClosed() {
    return closed;
  }

  /** Under the lock: closes the engine; false if it was closed already. */
  boolean close() {
    if (closed) {
      return false;
    }
    closed = true;
    return true;
  }

  /**
   * Under the lock: whether the engine terminates now, closed with no slot in use and no input
   * pending; true once only. The caller then runs {@link #runTerminated()}, outside the lock.
   */
  boolean terminatesNow(BatchSlots slots, BatchQueue<?, ?> queue) {
    if (closed && !terminated && slots.inUse() == 0 && queue.pending() == 0) {
      terminated = true;
      return true;
    }
    return false;
  }

  /** Runs what waits for the end; a failure is logged, since nobody waits for it to fail. */
  void runTerminated() {
    try {
      onTerminated.run();
    } catch (RuntimeException e) {
      LOG.log(System.Logger.Level.WARNING, name + ": shutting down after close failed", e);
    }
  }
}
