package io.github.collapseexecutor.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@code setExecutor} on the async executors, as code written for the classic API configures them:
 * it replaces the options' executor until work has run, and is refused after that, also when it
 * races the first call.
 */
@Timeout(60)
final class SetExecutorTest {

  /** The two async executors, behind what these tests do with them. */
  enum Target {
    SAME_KEY("GroupCollapseExecutorOptions") {
      @Override
      Async create(String name, Executor optionsExecutor) {
        var options = GroupCollapseExecutorOptions.builder().name(name);
        var executor =
            new AsyncCallableGroupCollapseExecutor(
                (optionsExecutor == null ? options : options.executor(optionsExecutor)).build());
        return new Async(executor, executor::setExecutor, () -> executor.execute("k", () -> "v"));
      }
    },
    BATCH("CollapseExecutorOptions") {
      @Override
      Async create(String name, Executor optionsExecutor) {
        var options = CollapseExecutorOptions.builder().name(name);
        var executor =
            MappedBatchFunction.async(
                (Set<String> keys) -> Map.of("k", "v"),
                (optionsExecutor == null ? options : options.executor(optionsExecutor)).build());
        return new Async(executor, executor::setExecutor, () -> executor.execute("k"));
      }
    };

    final String optionsType;

    Target(String optionsType) {
      this.optionsType = optionsType;
    }

    /** Returns an executor named {@code name}; {@code optionsExecutor} null for its own pool. */
    abstract Async create(String name, Executor optionsExecutor);
  }

  /** An async executor: its setter, and one call that answers "v". */
  record Async(
      CollapseExecutor executor,
      Consumer<Executor> setExecutor,
      Supplier<CompletableFuture<String>> call)
      implements AutoCloseable {

    @Override
    public void close() {
      executor.close();
    }

    String callAndWait() throws Exception {
      return call.get().get(10, TimeUnit.SECONDS);
    }
  }

  /** Runs tasks on a shared pool and counts them. */
  static final class CountingExecutor implements Executor {
    final AtomicInteger tasks = new AtomicInteger();
    private final Executor pool;

    CountingExecutor(Executor pool) {
      this.pool = pool;
    }

    @Override
    public void execute(Runnable task) {
      tasks.incrementAndGet();
      pool.execute(task);
    }
  }

  private final ExecutorService pool = Executors.newCachedThreadPool();

  @AfterEach
  void shutDown() {
    pool.shutdownNow();
  }

  @ParameterizedTest
  @EnumSource(Target.class)
  void anExecutorSetBeforeTheFirstCallRunsTheWorkInPlaceOfTheOptionsOne(Target target)
      throws Exception {
    CountingExecutor fromOptions = new CountingExecutor(pool);
    CountingExecutor set = new CountingExecutor(pool);
    try (Async async = target.create("profiles", fromOptions)) {
      async.setExecutor().accept(set);

      assertThat(async.callAndWait()).isEqualTo("v");
      assertThat(async.callAndWait()).isEqualTo("v");
      assertThat(set.tasks).hasValue(2);
      assertThat(fromOptions.tasks).hasValue(0);
    }
  }

  @ParameterizedTest
  @EnumSource(Target.class)
  void settingAnExecutorAfterWorkRanIsRefusedNamingTheExecutorAndTheOptionsInstead(Target target)
      throws Exception {
    CountingExecutor fromOptions = new CountingExecutor(pool);
    CountingExecutor late = new CountingExecutor(pool);
    try (Async async = target.create("profiles", fromOptions)) {
      assertThat(async.callAndWait()).isEqualTo("v");

      assertThatThrownBy(() -> async.setExecutor().accept(late))
          .isInstanceOf(IllegalStateException.class)
          .hasMessageStartingWith("profiles has run work on executor ")
          .hasMessageEndingWith(
              "already, and keeps it: call setExecutor before the first call, or"
                  + " pass the executor in the options ("
                  + target.optionsType
                  + ".builder().executor(...))");
      assertThat(async.callAndWait()).isEqualTo("v");
      assertThat(fromOptions.tasks).hasValue(2);
      assertThat(late.tasks).hasValue(0);
    }
  }

  @ParameterizedTest
  @EnumSource(Target.class)
  void settingAnExecutorAfterWorkRanOnTheOwnPoolIsRefusedToo(Target target) throws Exception {
    try (Async async = target.create("profiles", null)) {
      assertThat(async.callAndWait()).isEqualTo("v");

      assertThatThrownBy(() -> async.setExecutor().accept(pool))
          .isInstanceOf(IllegalStateException.class)
          .hasMessageStartingWith("profiles has run work on its own pool already");
    }
  }

  @ParameterizedTest
  @EnumSource(Target.class)
  void aNullExecutorIsRefusedNamingTheParameter(Target target) {
    try (Async async = target.create("profiles", null)) {
      assertThatThrownBy(() -> async.setExecutor().accept(null))
          .isInstanceOf(NullPointerException.class)
          .hasMessage("executor");
    }
  }

  /**
   * The hazard: a setter that checks that no work ran, then sets its executor after the first
   * call has fixed another one, would return as if it had taken effect. Raced with the first call
   * through each executor, a setter either takes effect for it or is refused, round after round;
   * {@code SetExecutorFirstUseStress} (jcstress) hits the narrow window itself.
   */
  @ParameterizedTest
  @EnumSource(Target.class)
  void aSetterRacingTheFirstCallEitherTakesEffectForItOrIsRefused(Target target) throws Exception {
    for (int round = 0; round < 100; round++) {
      CountingExecutor fromOptions = new CountingExecutor(pool);
      CountingExecutor set = new CountingExecutor(pool);
      try (Async async = target.create("profiles", fromOptions)) {
        CyclicBarrier start = new CyclicBarrier(2);
        CompletableFuture<Boolean> taken =
            CompletableFuture.supplyAsync(
                () -> {
                  await(start);
                  try {
                    async.setExecutor().accept(set);
                    return true;
                  } catch (IllegalStateException refused) {
                    return false;
                  }
                },
                pool);
        await(start);
        assertThat(async.callAndWait()).isEqualTo("v");

        boolean tookEffect = taken.get(10, TimeUnit.SECONDS);
        assertThat(set.tasks)
            .as("round %d, setter took effect: %s", round, tookEffect)
            .hasValue(tookEffect ? 1 : 0);
        assertThat(fromOptions.tasks).hasValue(tookEffect ? 0 : 1);
      }
    }
  }

  private static void await(CyclicBarrier barrier) {
    try {
      barrier.await(10, TimeUnit.SECONDS);
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }
}
