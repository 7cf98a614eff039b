package io.github.collapseexecutor.core;

import java.util.Objects;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * Makes the call of each input submitted to one batch engine: its group key, when it was
 * submitted, and how its caller waits, on its own thread or on a future.
 */
final class CallFactory<I, O> {

  private final BatchEngine<I, O> engine;
  private final String name;

  /** The options' input grouper; null when inputs are not grouped. */
  private final @Nullable Function<Object, ?> grouper;

  CallFactory(BatchEngine<I, O> engine, String name, @Nullable Function<Object, ?> grouper) {
    this.engine = engine;
    this.name = name;
    this.grouper = grouper;
  }

  /** Creates a call for a caller that blocks on the current thread. */
  Call<I, O> blocking(I input) {
    Objects.requireNonNull(input, "input");
    return new Call<>(
        input,
        groupKey(input),
        System.nanoTime(),
        Thread.currentThread(),
        /* future= */ null,
        name,
        /* engine= */ null);
  }

  /** Creates a call for a caller that waits on a future, which tells the engine when it leaves. */
  Call<I, O> withFuture(I input) {
    Objects.requireNonNull(input, "input");
    CallerFuture<O> future = new CallerFuture<>();
    Call<I, O> call =
        new Call<>(
            input, groupKey(input), System.nanoTime(), /* waiter= */ null, future, name, engine);
    future.owner(call);
    return call;
  }

  private @Nullable Object groupKey(I input) {
    if (grouper == null) {
      return null;
    }
    Object key = grouper.apply(input);
    if (key == null) {
      throw new NullPointerException(name + ": the input grouper returned null for input " + input);
    }
    return key;
  }
}
