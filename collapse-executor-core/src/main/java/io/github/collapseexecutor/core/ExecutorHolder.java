package io.github.collapseexecutor.core;

import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import org.jspecify.annotations.Nullable;

/**
 * The executor an asynchronous collapse executor runs its work on: the one of its options, or a
 * {@link DaemonPool} of its own, made on first use and shut down by {@link #shutdownOwnPool()}.
 * The options' executor belongs to the user and is never shut down here.
 */
final class ExecutorHolder {

  private final String name;
  private final @Nullable Executor given;
  /** Made under the lock; read without it. */
  private volatile @Nullable ExecutorService ownPool;

  /** Holds {@code given}, or, when it is {@code null}, a pool named after {@code name}. */
  ExecutorHolder(String name, @Nullable Executor given) {
    this.name = Objects.requireNonNull(name, "name");
    this.given = given;
  }

  /** Returns the executor to run work on, making the own pool if the options named none. */
  Executor get() {
    if (given != null) {
      return given;
    }
    ExecutorService pool = ownPool;
    if (pool != null) {
      return pool;
    }
    // no blocking inside: creating a pool starts no thread
    synchronized (this) {
      if (ownPool == null) {
        ownPool = DaemonPool.create(name);
      }
      return ownPool;
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
