package io.github.collapseexecutor.core.internal;

import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * The future one caller receives. Each caller gets its own, so a caller that cancels it, completes
 * it or lets {@link #orTimeout} fire leaves alone without touching the others; the executor learns
 * of it through the leave hook and drops the input if its batch has not started.
 *
 * <p>Derived stages are plain {@link CompletableFuture}s: only this one reports leaving.
 */
public final class CallerFuture<T> extends CompletableFuture<T> {

  private volatile Consumer<Throwable> onLeave;

  /** Sets what runs when the caller completes this future before the executor does. */
  public void onLeave(Consumer<Throwable> onLeave) {
    this.onLeave = onLeave;
  }

  /** Completes this future from the executor's side, without reporting a leave. */
  public boolean settle(T value, Throwable failure) {
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
    boolean cancelled = super.cancel(mayInterruptIfRunning);
    // the cancellation is only known as a generic state; report it as such
    return left(cancelled, null);
  }

  @Override
  public <U> CompletableFuture<U> newIncompleteFuture() {
    return new CompletableFuture<>();
  }

  private boolean left(boolean changed, Throwable failure) {
    Consumer<Throwable> hook = onLeave;
    if (changed && hook != null) {
      hook.accept(failure);
    }
    return changed;
  }
}
