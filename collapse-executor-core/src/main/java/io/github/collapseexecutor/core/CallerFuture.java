package io.github.collapseexecutor.core;

import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.jspecify.annotations.Nullable;

/**
 * The future one caller receives. Each caller gets its own, so a caller that cancels it, completes
 * it or lets {@link #orTimeout} fire leaves alone without touching the others; the executor learns
 * of it through its {@link Owner} and drops the input if its batch has not started.
 *
 * <p>Before a thread blocks in {@link #get()} or {@link #join()} on this future, the owner may
 * start what the thread would otherwise wait for itself, or fail the future at once.
 *
 * <p>Derived stages are plain {@link CompletableFuture}s: only this one reports leaving.
 */
final class CallerFuture<T> extends CompletableFuture<T> {

  /** What the executor is told of the caller's own use of its future. */
  @FunctionalInterface
  interface Owner {

    /** The caller completed or cancelled its future before the executor did. */
    void left(@Nullable Throwable failure);

    /** The caller's thread is about to block on its future, which is not complete yet. */
    default void beforeBlocking() {}
  }

  private volatile @Nullable Owner owner;

  /** Sets who learns when the caller leaves or blocks. */
  void owner(Owner owner) {
    this.owner = owner;
  }

  /** Completes this future from the executor's side, without reporting a leave. */
  boolean settle(@Nullable T value, @Nullable Throwable failure) {
    return failure == null ? super.complete(value) : super.completeExceptionally(failure);
  }

  @Override
  public boolean complete(T value) {
    return left(super.complete(value), null);
  }

  @Override
  public boolean completeExceptionally(Throwable failure) {
    return left(super.completeExceptionally(failure), failure);
  }

  @Override
  public boolean cancel(boolean mayInterruptIfRunning) {
    // CompletableFuture.cancel answers true again once cancelled, so it cannot tell which call
    // cancelled: completing with the same exception can, and only that call reports the leave
    boolean cancelled = super.completeExceptionally(new CancellationException());
    // the cancellation is only known as a generic state; report it as such
    left(cancelled, null);
    return cancelled || isCancelled();
  }

  @Override
  public T get() throws InterruptedException, ExecutionException {
    beforeBlocking();
    return super.get();
  }

  @Override
  public T get(long timeout, TimeUnit unit)
      throws InterruptedException, ExecutionException, TimeoutException {
    beforeBlocking();
    return super.get(timeout, unit);
  }

  @Override
  public T join() {
    beforeBlocking();
    return super.join();
  }

  @Override
  public <U> CompletableFuture<U> newIncompleteFuture() {
    return new CompletableFuture<>();
  }

  private void beforeBlocking() {
    Owner hook = owner;
    if (hook != null && !isDone()) {
      hook.beforeBlocking();
    }
  }

  private boolean left(boolean changed, @Nullable Throwable failure) {
    Owner hook = owner;
    if (changed && hook != null) {
      hook.left(failure);
    }
    return changed;
  }
}
