package io.github.collapseexecutor.core;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The executors that a {@link MappedBatchFunction} and a {@link BatchFunction} become, in each
 * flavour. The behaviour suite runs them on a {@link TestBackend}, which each function asks for its
 * keys, answering by key or in the order of the keys; other tests give them a function of their
 * own. The future flavours run the function on a thread of their own and return a future of it.
 */
enum FunctionFlavour implements BatchFlavour {
  MAP_BLOCKING(Style.BLOCKING, true),
  MAP_ASYNC(Style.ASYNC, true),
  MAP_FUTURE(Style.FUTURE, true),
  LIST_BLOCKING(Style.BLOCKING, false),
  LIST_ASYNC(Style.ASYNC, false),
  LIST_FUTURE(Style.FUTURE, false);

  /** Where the function runs, and what callers get. */
  enum Style {
    BLOCKING,
    ASYNC,
    FUTURE
  }

  final Style style;
  final boolean mapped;

  FunctionFlavour(Style style, boolean mapped) {
    this.style = style;
    this.mapped = mapped;
  }

  @Override
  public Flavour.Harness create(CollapseExecutorOptions options, TestBackend backend) {
    return mapped
        ? ofMap(keys -> backend.load(List.copyOf(keys)), options)
        : ofList(keys -> inOrder(keys, backend.load(keys)), options);
  }

  /** Returns a running executor of a function that answers by key; for the map flavours. */
  Flavour.Harness ofMap(
      MappedBatchFunction<Integer, String> function, CollapseExecutorOptions options) {
    switch (style) {
      case BLOCKING:
        return Flavour.Harness.blocking(MappedBatchFunction.blocking(function, options));
      case ASYNC:
        var async = MappedBatchFunction.async(function, options);
        return Flavour.Harness.futures(async, async::execute, null);
      default:
        ExecutorService io = Executors.newCachedThreadPool();
        var future =
            MappedBatchFunction.future(
                (Set<Integer> keys) -> later(io, () -> function.apply(keys)), options);
        return Flavour.Harness.futures(future, future::execute, io);
    }
  }

  /** Returns a running executor of a function that answers in order; for the list flavours. */
  Flavour.Harness ofList(BatchFunction<Integer, String> function, CollapseExecutorOptions options) {
    switch (style) {
      case BLOCKING:
        return Flavour.Harness.blocking(BatchFunction.blocking(function, options));
      case ASYNC:
        var async = BatchFunction.async(function, options);
        return Flavour.Harness.futures(async, async::execute, null);
      default:
        ExecutorService io = Executors.newCachedThreadPool();
        var future =
            BatchFunction.future(
                (List<Integer> keys) -> later(io, () -> function.apply(keys)), options);
        return Flavour.Harness.futures(future, future::execute, io);
    }
  }

  @Override
  public boolean wrapsCheckedExceptions() {
    return style == Style.BLOCKING;
  }

  @Override
  public boolean callersGetFutures() {
    return style != Style.BLOCKING;
  }

  @Override
  public boolean takesTheTestsBinder() {
    return false;
  }

  @Override
  public boolean asksEqualInputsOnce() {
    return true;
  }

  /** Something a backend does that may throw. */
  @FunctionalInterface
  interface Load<T> {
    T load() throws Exception;
  }

  /** Returns the values of {@code keys} in their order. */
  static List<String> inOrder(List<Integer> keys, Map<Integer, String> byKey) {
    return keys.stream().map(byKey::get).toList();
  }

  /** Returns a future of what {@code load} returns or throws on a thread of {@code io}. */
  static <T> CompletableFuture<T> later(ExecutorService io, Load<T> load) {
    CompletableFuture<T> result = new CompletableFuture<>();
    io.execute(
        () -> {
          try {
            result.complete(load.load());
          } catch (Throwable failure) {
            result.completeExceptionally(failure);
          }
        });
    return result;
  }
}
