package io.github.collapseexecutor.core;

import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;

/**
 * The executor an asynchronous collapse executor runs its work on: the one the user set, or a
 * {@link DaemonPool} of its own, made on first use and shut down by {@link #shutdownOwnPool()}.
 * The user's executor is never shut down here.
 */
final class ExecutorHolder {

  private final String name;
  private volatile Executor executor;
  /** Written under the lock; read without it by {@link #isOwnPool}. */
  private volatile ExecutorService ownPool;

  ExecutorHolder(String name) {
    this.name = Objects.requireNonNull(name, "name");
  }

  /** Uses {@code executor} from now on; a pool made earlier ends its threads when idle. */
  void set(Executor executor) {
    Objects.requireNonNull(executor, "executor");
    ExecutorService replaced;
    synchronized (this) {
      this.executor = executor;
      replaced = ownPool;
      ownPool = null;
    }
    if (replaced != null) {
      replaced.shutdown();
    }
  }

  /** Returns the executor to run work on, making the own pool if none was set. */
  Executor get() {
    Executor current = executor;
    if (current != null) {
      return current;
    }
    // no blocking inside: creating a pool starts no thread
    synchronized (this) {
      if (executor == null) {
        ownPool = DaemonPool.create(name);
        executor = ownPool;
      }
      return executor;
    }
  }

  /**
   * Returns whether {@code executor} is the pool this holder made, which starts a thread for every
   * task it is given.
   */
  boolean isOwnPool(Executor executor) {
    return executor == ownPool;
  }

  /** Lets the own pool, if one was made, end its threads once its tasks are done. */
  void shutdownOwnPool() {
    ExecutorService pool;
    synchronized (this) {
      pool = ownPool;
    }
    if (pool != null) {
      pool.shutdown();
    }
  }
}
