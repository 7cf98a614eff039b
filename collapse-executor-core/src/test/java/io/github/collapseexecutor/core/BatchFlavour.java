package io.github.collapseexecutor.core;

import java.util.stream.Stream;

/**
 * A kind of batch executor the behaviour suite runs over: the three support classes
 * ({@link Flavour}) and the executors batch functions become ({@link FunctionFlavour}).
 */
interface BatchFlavour {

  /** Returns a running executor of this kind on {@code backend}. */
  Flavour.Harness create(CollapseExecutorOptions options, TestBackend backend);

  /** Whether checked exceptions reach callers wrapped in CollapseExecutionException. */
  boolean wrapsCheckedExceptions();

  /**
   * Whether the test's {@code bindingOutput} ({@link TestBackend#binder}) settles the callers:
   * false for batch functions, whose executors hand each caller the value of its key themselves.
   */
  default boolean takesTheTestsBinder() {
    return true;
  }

  /** Whether the backend is asked for equal inputs of one batch once. */
  default boolean asksEqualInputsOnce() {
    return false;
  }

  /** Whether callers get futures of their own, which they may cancel or time out. */
  boolean callersGetFutures();

  /** Every kind: the suite's source of arguments. */
  static Stream<BatchFlavour> all() {
    return Stream.concat(Stream.of(Flavour.values()), Stream.of(FunctionFlavour.values()));
  }

  /** The kinds whose callers get futures. */
  static Stream<BatchFlavour> withFutures() {
    return all().filter(BatchFlavour::callersGetFutures);
  }
}
