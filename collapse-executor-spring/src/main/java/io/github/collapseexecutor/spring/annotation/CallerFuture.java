package io.github.collapseexecutor.spring.annotation;

import java.util.concurrent.CompletableFuture;
import java.util.function.BiConsumer;
import java.util.function.UnaryOperator;
import org.jspecify.annotations.Nullable;

/**
 * A caller's own future of the executor's future for that caller: it completes with the
 * executor's outcome, mapped (a copy of the result for a caller that joined), once an action ran
 * on the outcome, so that whatever the caller chains to it comes after both.
 *
 * <p>A stage merely added to the executor's future gives no such order: a future runs its
 * dependents last added first, so the caller's own stages would run before it. What the caller
 * does to this future reaches the executor's: completing it, cancelling it or letting
 * {@link #orTimeout} fire leaves the run, as with the executor's future itself.
 */
final class CallerFuture extends CompletableFuture<@Nullable Object> {

  private final CompletableFuture<@Nullable Object> source;

  private CallerFuture(CompletableFuture<@Nullable Object> source) {
    this.source = source;
  }

  /** Returns a future of {@code source}'s outcome, completed once {@code first} ran on it. */
  static CompletableFuture<@Nullable Object> afterOutcome(
      CompletableFuture<@Nullable Object> source,
      BiConsumer<@Nullable Object, @Nullable Throwable> first) {
    return of(source, first, UnaryOperator.identity());
  }

  /**
   * Returns a future of the future {@code next} makes of {@code source}'s value, or of
   * {@code source}'s failure; a failure of {@code next} fails this future only. Cancelling it
   * leaves {@code source}, not what {@code next} started.
   */
  // the callbacks settle the caller's future on every path: the stages they return hold nothing
  // more
  @SuppressWarnings("FutureReturnValueIgnored")
  static CompletableFuture<@Nullable Object> composed(
      CompletableFuture<@Nullable Object> source, Next next) {
    CallerFuture caller = new CallerFuture(source);
    source.whenComplete(
        (value, failure) -> {
          if (failure != null) {
            caller.settle(null, failure, UnaryOperator.identity());
            return;
          }
          try {
            next.apply(value)
                .whenComplete(
                    (made, madeFailure) ->
                        caller.settle(made, madeFailure, UnaryOperator.identity()));
          } catch (Exception | Error e) {
            caller.settle(null, e, UnaryOperator.identity());
          }
        });
    return caller;
  }

  /** What follows a value: the future of the value a caller gets. */
  @FunctionalInterface
  interface Next {
    CompletableFuture<@Nullable Object> apply(@Nullable Object value) throws Exception;
  }

  // the callback settles the caller's future on every path: the stage it returns holds nothing
  // more
  @SuppressWarnings("FutureReturnValueIgnored")
  private static CompletableFuture<@Nullable Object> of(
      CompletableFuture<@Nullable Object> source,
      BiConsumer<@Nullable Object, @Nullable Throwable> first,
      UnaryOperator<@Nullable Object> map) {
    CallerFuture caller = new CallerFuture(source);
    source.whenComplete(
        (value, failure) -> {
          try {
            first.accept(value, failure);
          } finally {
            caller.settle(value, failure, map);
          }
        });
    return caller;
  }

  private void settle(
      @Nullable Object value, @Nullable Throwable failure, UnaryOperator<@Nullable Object> map) {
    if (failure != null) {
      super.completeExceptionally(failure);
      return;
    }
    try {
      super.complete(map.apply(value));
    } catch (RuntimeException | Error e) {
      super.completeExceptionally(e);
    }
  }

  @Override
  public boolean complete(@Nullable Object value) {
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
