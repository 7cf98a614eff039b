package io.github.collapseexecutor.core;

import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import org.jspecify.annotations.Nullable;

/**
 * The executor an asynchronous collapse executor runs its work on: the one of its options, or one
 * set later with {@code setExecutor} before any work ran, or else a {@link DaemonPool} of its own,
 * made on first use and shut down by {@link #shutdownOwnPool()}. A given executor belongs to the
 * user and is never shut down here. Which executor runs the work is fixed by the first use: after
 * it, {@link #set} is refused, so that no work runs on an executor the user replaced.
 */
final class ExecutorHolder {

  private final String name;

  /** The options type whose builder takes an executor, for the message that refuses a late set. */
  private final String optionsType;

  /** Guarded by this. */
  private @Nullable Executor given;

  /** Fixed under the lock on first use; read without it. */
  private volatile @Nullable Executor inUse;

  /** Made under the lock when nothing was given; read without it. */
  private volatile @Nullable ExecutorService ownPool;

  /**
   * Holds {@code given}, or, when it is {@code null}, a pool named after {@code name}.
   * {@code optionsType} names the options whose {@code executor} setting a refusal points to.
   */
  ExecutorHolder(String name, String optionsType, @Nullable Executor given) {
    this.name = Objects.requireNonNull(name, "name");
    this.optionsType = Objects.requireNonNull(optionsType, "optionsType");
    this.given = given;
  }

  /** Returns the executor to run work on, fixing it on the first call. */
  Executor get() {
    Executor executor = inUse;
    if (executor != null) {
      return executor;
    }
    // no blocking inside: creating a pool starts no thread
    synchronized (this) {
      executor = inUse;
      if (executor == null) {
        executor = given;
        if (executor == null) {
          ExecutorService pool = DaemonPool.create(name);
          ownPool = pool;
          executor = pool;
        }
        inUse = executor;
      }
      return executor;
    }
  }

  /**
   * Replaces the executor to run work on, the one of the options included.
   *
   * @throws IllegalStateException if work has been handed to an executor already
   */
  void set(Executor executor) {
    Objects.requireNonNull(executor, "executor");
    synchronized (this) {
      Executor used = inUse;
      if (used != null) {
        throw new IllegalStateException(
            name
                + " has run work on "
                + describe(used)
                + " already, and keeps it: call setExecutor before the first call, or pass the executor"
                + " in the options ("
                + optionsType
                + ".builder().executor(...))");
      }
      given = executor;
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
    ExecutorService pool = ownPool;
    if (pool != null) {
      pool.shutdown();
    }
  }

  private String describe(Executor executor) {
    return executor == ownPool ? "its own pool" : "executor " + Names.describe(executor);
  }
}
