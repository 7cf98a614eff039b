package io.github.collapseexecutor.spring.annotation.internal;

import java.util.concurrent.CompletableFuture;
import java.util.function.BiConsumer;

/**
 * A caller's future that gets the outcome of the executor's future for that caller only once an
 * action ran on the outcome, so that whatever the caller does on the outcome comes after it.
 *
 * <p>A stage merely added to the executor's future gives no such order: a future runs its
 * dependents last added first, so the caller's own stages would run before it. What the caller
 * does to this future reaches the executor's: completing it, cancelling it or letting
 * {@link #orTimeout} fire leaves the run, as with the executor's future itself.
 */
final class AfterOutcomeFuture extends CompletableFuture<Object> {

  private final CompletableFuture<Object> source;

  private AfterOutcomeFuture(CompletableFuture<Object> source) {
    this.source = source;
  }

  /** Returns a future of {@code source}'s outcome, completed once {@code first} ran on it. */
  static CompletableFuture<Object> of(CompletableFuture<Object> source,
      BiConsumer<Object, Throwable> first) {
    AfterOutcomeFuture after = new AfterOutcomeFuture(source);
    source.whenComplete((value, failure) -> {
      try {
        first.accept(value, failure);
      } finally {
        after.settle(value, failure);
      }
    });
    return after;
  }

  private void settle(Object value, Throwable failure) {
    if (failure == null) {
      super.complete(value);
    } else {
      super.completeExceptionally(failure);
    }
  }

  @Override
  public boolean complete(Object value) {
    return source.complete(value);
  }

  @Override
  public boolean completeExceptionally(Throwable failure) {
    return source.completeExceptionally(failure);
  }

  @Override
  public boolean cancel(boolean mayInterruptIfRunning) {
    return source.cancel(mayInterruptIfRunning);
  }

  @Override
  public <U> CompletableFuture<U> newIncompleteFuture() {
    // derived stages are plain futures: only this one speaks for the executor's
    return new CompletableFuture<>();
  }
}
