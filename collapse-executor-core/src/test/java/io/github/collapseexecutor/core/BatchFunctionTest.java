package io.github.collapseexecutor.core;

import static io.github.collapseexecutor.core.BatchExecutorBehaviourTest.failureOf;
import static io.github.collapseexecutor.core.BatchExecutorBehaviourTest.get;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * What the executors of batch functions do beyond the batch contract ({@link
 * BatchExecutorBehaviourTest} runs that over them): hand each caller the value of its key, fail
 * alone a caller whose key has no value, and fail a batch whose function broke its contract with
 * an error that says how.
 */
@Timeout(30)
final class BatchFunctionTest {

  private static final CollapseExecutorOptions USERS =
      CollapseExecutorOptions.builder().name("users").build();

  @ParameterizedTest
  @EnumSource(
      value = FunctionFlavour.class,
      names = {"MAP_BLOCKING", "MAP_ASYNC", "MAP_FUTURE"})
  void aKeyMissingFromTheMapFailsOnlyItsCallerWithAnErrorNamingTheKey(FunctionFlavour flavour)
      throws Exception {
    TestBackend backend =
        new TestBackend()
            .closeGate()
            .behaviour(
                keys -> {
                  Map<Integer, String> found = TestBackend.lookup(keys);
                  found.remove(42);
                  return found;
                });
    try (var executor = flavour.create(USERS, backend)) {
      CompletableFuture<String> first = executor.submit(1);
      backend.awaitFirstBatch();
      CompletableFuture<String> missing = executor.submit(42);
      CompletableFuture<String> other = executor.submit(2);
      executor.awaitPending(2);
      backend.open();

      assertThat(get(first)).isEqualTo("v1");
      assertThat(get(other)).isEqualTo("v2");
      assertThat(failureOf(missing))
          .isInstanceOf(NoSuchElementException.class)
          .hasMessage("users: the batch function returned no value for key 42");
      // blocking callers submit from threads of their own, in any order
      assertThat(backend.batches()).hasSize(2);
      assertThat(backend.batches().get(1)).containsExactlyInAnyOrder(42, 2);
    }
  }

  @ParameterizedTest
  @EnumSource(
      value = FunctionFlavour.class,
      names = {"LIST_BLOCKING", "LIST_ASYNC", "LIST_FUTURE"})
  void aListOfTheWrongSizeFailsItsWholeBatchWithAnErrorThatSaysBothSizes(FunctionFlavour flavour)
      throws Exception {
    TestBackend backend = new TestBackend().closeGate();
    BatchFunction<Integer, String> oneShort =
        keys -> {
          List<String> values = FunctionFlavour.inOrder(keys, backend.load(keys));
          return values.subList(0, values.size() - 1);
        };
    try (var executor = flavour.ofList(oneShort, USERS)) {
      CompletableFuture<String> first = executor.submit(1);
      backend.awaitFirstBatch();
      List<CompletableFuture<String>> later = new ArrayList<>();
      for (int i = 2; i <= 4; i++) {
        later.add(executor.submit(i));
      }
      executor.awaitPending(3);
      backend.open();

      assertThat(failureOf(first))
          .isInstanceOf(IllegalStateException.class)
          .hasMessage(
              "users: the batch function returned 0 values for 1 key; it must return one"
                  + " value per key, in the order of the keys");
      for (CompletableFuture<String> call : later) {
        assertThat(failureOf(call))
            .isInstanceOf(IllegalStateException.class)
            .hasMessageStartingWith("users: the batch function returned 2 values for 3 keys;");
      }
    }
  }

  @ParameterizedTest
  @EnumSource(FunctionFlavour.class)
  void aKeyWhoseValueIsNullAnswersNull(FunctionFlavour flavour) throws Exception {
    TestBackend backend =
        new TestBackend()
            .behaviour(
                keys -> {
                  Map<Integer, String> values = new HashMap<>(TestBackend.lookup(keys));
                  values.put(42, null);
                  return values;
                });
    try (var executor = flavour.create(USERS, backend)) {
      assertThat(get(executor.submit(42))).isNull();
      assertThat(get(executor.submit(7))).isEqualTo("v7");
    }
  }

  @ParameterizedTest
  @EnumSource(FunctionFlavour.class)
  void aFunctionThatReturnsNullFailsItsBatchWithAnErrorNamingTheExecutor(FunctionFlavour flavour)
      throws Exception {
    try (var executor =
        flavour.mapped ? flavour.ofMap(keys -> null, USERS) : flavour.ofList(keys -> null, USERS)) {
      assertThat(failureOf(executor.submit(1)))
          .isInstanceOf(NullPointerException.class)
          .hasMessage(
              flavour.mapped
                  ? "users: the batch function returned null instead of a map of values by key"
                  : "users: the batch function returned null instead of a list of 1 value");
    }
  }

  @Test
  void aFutureFunctionThatReturnsNoFutureFailsItsBatchWithAnErrorNamingTheExecutor()
      throws Exception {
    try (var byKey = MappedBatchFunction.<Integer, String>future(keys -> null, USERS);
        var inOrder = BatchFunction.<Integer, String>future(keys -> null, USERS)) {
      for (CompletableFuture<String> call : List.of(byKey.execute(1), inOrder.execute(1))) {
        assertThat(failureOf(call))
            .isInstanceOf(NullPointerException.class)
            .hasMessage("users: the batch function returned null instead of a future");
      }
    }
  }

  @ParameterizedTest
  @EnumSource(FunctionFlavour.class)
  void theFunctionGetsTheKeysUnmodifiable(FunctionFlavour flavour) throws Exception {
    List<Throwable> refusals = new CopyOnWriteArrayList<>();
    List<Collection<Integer>> seen = new CopyOnWriteArrayList<>();
    try (var executor =
        flavour.mapped
            ? flavour.ofMap(
                keys -> {
                  seen.add(keys);
                  refusals.add(refusal(() -> keys.add(99)));
                  return TestBackend.lookup(List.copyOf(keys));
                },
                USERS)
            : flavour.ofList(
                keys -> {
                  seen.add(keys);
                  refusals.add(refusal(() -> keys.add(99)));
                  return FunctionFlavour.inOrder(keys, TestBackend.lookup(keys));
                },
                USERS)) {
      assertThat(get(executor.submit(3))).isEqualTo("v3");
      assertThat(seen).singleElement().satisfies(keys -> assertThat(keys).containsExactly(3));
      assertThat(refusals).singleElement().isInstanceOf(UnsupportedOperationException.class);
    }
  }

  @Test
  void anExecutorWithoutANameIsNamedForItsFlavour() {
    MappedBatchFunction<Integer, String> function = keys -> Map.of();
    try (var blocking = MappedBatchFunction.blocking(function);
        var async = MappedBatchFunction.async(function);
        var future =
            BatchFunction.<Integer, String>future(
                keys -> CompletableFuture.completedFuture(List.of()))) {
      assertThat(List.of(blocking.name(), async.name(), future.name()))
          .containsExactly("BlockingBatchFunction", "AsyncBatchFunction", "FutureBatchFunction");
    }
  }

  private static Throwable refusal(Runnable change) {
    try {
      change.run();
    } catch (Throwable refused) {
      return refused;
    }
    throw new AssertionError("the keys could be changed");
  }
}
