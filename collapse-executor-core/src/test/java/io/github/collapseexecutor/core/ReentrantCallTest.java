package io.github.collapseexecutor.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Calls that user code makes into the executor it runs in, on the thread that runs it. A thread
 * that waits for a call only it can let start would wait forever, silently: a batch waiting for a
 * call of its own executor while it holds every slot, or work waiting for its own group. These
 * fail at once with an {@link IllegalStateException} naming the executor and the input or group.
 */
@Timeout(60)
final class ReentrantCallTest {

  /** What doExecute of an input does on its own thread before the batch returns its outputs. */
  private final Map<Integer, Callable<Object>> duringBatch = new ConcurrentHashMap<>();

  /** What each of those calls ended with: an output, or the throwable it failed with. */
  private final Map<Integer, Object> seen = new ConcurrentHashMap<>();

  /** A batch executor of one flavour whose doExecute runs {@link #duringBatch} on its thread. */
  private interface Loader extends AutoCloseable {

    /** Calls {@code execute} on the current thread and waits at most five seconds. */
    String call(int input) throws Exception;

    @Override
    void close();
  }

  private Loader loader(Flavour flavour, int slots) {
    CollapseExecutorOptions options =
        CollapseExecutorOptions.builder()
            .name("reentrant")
            .collectingWaitTime(CollapseExecutorOptions.NO_WAIT)
            .maxConcurrentBatches(slots)
            .build();
    return switch (flavour) {
      case BLOCKING -> {
        var target =
            new CollapseExecutorBlockingSupport<Integer, String, List<Integer>>(options) {
              @Override
              protected List<Integer> doExecute(Collection<Input<Integer>> inputs) {
                return runDuringBatch(inputs);
              }

              @Override
              protected void bindingOutput(
                  List<Integer> out, List<Bundle<Integer, String>> bundles) {
                bundles.forEach(b -> b.bindOutput("v" + b.value()));
              }
            };
        yield new Loader() {
          @Override
          public String call(int input) {
            return target.execute(input);
          }

          @Override
          public void close() {
            target.close();
          }
        };
      }
      case ASYNC -> {
        var target =
            new CollapseExecutorAsyncSupport<Integer, String, List<Integer>>(options) {
              @Override
              protected List<Integer> doExecute(Collection<Input<Integer>> inputs) {
                return runDuringBatch(inputs);
              }

              @Override
              protected void bindingOutput(
                  List<Integer> out, List<Bundle<Integer, CompletableFuture<String>>> bundles) {
                bundles.forEach(
                    b -> b.bindOutput(CompletableFuture.completedFuture("v" + b.value())));
              }
            };
        yield futureLoader(target::execute, target);
      }
      case FUTURE -> {
        var target =
            new CollapseExecutorFutureSupport<Integer, String, List<Integer>>(options) {
              @Override
              protected CompletableFuture<List<Integer>> doExecute(
                  Collection<Input<Integer>> inputs) {
                return CompletableFuture.completedFuture(runDuringBatch(inputs));
              }

              @Override
              protected void bindingOutput(
                  List<Integer> out, List<Bundle<Integer, String>> bundles) {
                bundles.forEach(b -> b.bindOutput("v" + b.value()));
              }
            };
        yield futureLoader(target::execute, target);
      }
    };
  }

  private static Loader futureLoader(
      java.util.function.Function<Integer, CompletableFuture<String>> execute,
      AutoCloseable target) {
    return new Loader() {
      @Override
      public String call(int input) throws Exception {
        return execute.apply(input).get(5, TimeUnit.SECONDS);
      }

      @Override
      public void close() {
        try {
          target.close();
        } catch (Exception e) {
          throw new IllegalStateException(e);
        }
      }
    };
  }

  private List<Integer> runDuringBatch(Collection<Input<Integer>> inputs) {
    for (Input<Integer> input : inputs) {
      Callable<Object> action = duringBatch.get(input.value());
      if (action != null) {
        seen.put(input.value(), outcome(action));
      }
    }
    return inputs.stream().map(Input::value).toList();
  }

  private static Object outcome(Callable<?> action) {
    try {
      return action.call();
    } catch (ExecutionException e) {
      return e.getCause();
    } catch (Throwable e) {
      return e;
    }
  }

  @ParameterizedTest
  @EnumSource(Flavour.class)
  void aBatchWaitingForACallOfItsOwnExecutorWhoseOnlySlotItHoldsFailsAtOnce(Flavour flavour)
      throws Exception {
    try (Loader loader = loader(flavour, 1)) {
      duringBatch.put(1, () -> loader.call(2));

      assertThat(outcome(() -> loader.call(1))).isEqualTo("v1");
      assertThat(seen.get(1))
          .isInstanceOf(IllegalStateException.class)
          .asString()
          .contains("reentrant")
          .contains("execute(2)");
      // the refused call left no input behind, and the executor goes on
      assertThat(loader.call(3)).isEqualTo("v3");
    }
  }

  @ParameterizedTest
  @EnumSource(
      value = Flavour.class,
      names = {"BLOCKING", "FUTURE"})
  void aBatchAtDepthTwoWaitingForItsOwnExecutorWithBothSlotsHeldFailsAtOnce(Flavour flavour)
      throws Exception {
    try (Loader loader = loader(flavour, 2)) {
      duringBatch.put(1, () -> loader.call(2));
      duringBatch.put(2, () -> loader.call(3));

      assertThat(outcome(() -> loader.call(1))).isEqualTo("v1");
      // with a slot free, the nested call ran at once on the same thread
      assertThat(seen.get(1)).isEqualTo("v2");
      assertThat(seen.get(2))
          .isInstanceOf(IllegalStateException.class)
          .asString()
          .contains("reentrant")
          .contains("execute(3)")
          .contains("all 2");
      assertThat(loader.call(4)).isEqualTo("v4");
    }
  }

  @ParameterizedTest
  @EnumSource(SameKeyFlavour.class)
  void workCallingItsOwnGroupOnItsThreadFailsAtOnce(SameKeyFlavour flavour) throws Exception {
    ExecutorService callers = Executors.newCachedThreadPool();
    try {
      Object result =
          switch (flavour) {
            case BLOCKING -> {
              var executor =
                  new BlockingCallableGroupCollapseExecutor("same-key", CollapseListener.NONE);
              yield CompletableFuture.supplyAsync(
                      () ->
                          executor.execute(
                              "k", () -> outcome(() -> executor.execute("k", () -> "inner"))),
                      callers)
                  .get(10, TimeUnit.SECONDS);
            }
            case ASYNC -> {
              var executor =
                  new AsyncCallableGroupCollapseExecutor("same-key", CollapseListener.NONE);
              yield executor
                  .execute(
                      "k",
                      () ->
                          outcome(
                              () -> executor.execute("k", () -> "inner").get(5, TimeUnit.SECONDS)))
                  .get(10, TimeUnit.SECONDS);
            }
            case FUTURE -> {
              var executor =
                  new FutureCallableGroupCollapseExecutor("same-key", CollapseListener.NONE);
              yield executor
                  .execute(
                      "k",
                      () -> {
                        Object inner =
                            outcome(
                                () ->
                                    executor.execute(
                                        "k", () -> CompletableFuture.completedFuture("inner")));
                        return CompletableFuture.completedFuture(inner);
                      })
                  .get(10, TimeUnit.SECONDS);
            }
          };
      assertThat(result)
          .isInstanceOf(IllegalStateException.class)
          .asString()
          .contains("same-key")
          .contains("execute(k)");
    } finally {
      callers.shutdownNow();
    }
  }
}
