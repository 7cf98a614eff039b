package io.github.collapseexecutor.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Collection;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * An executor named in the options whose {@code execute} throws something other than a
 * {@link java.util.concurrent.RejectedExecutionException}. The hazard is a batch slot or a same-key
 * run left behind, so that every later call of the executor, or of the group, waits forever.
 */
@Timeout(30)
final class ThrowingExecutorTest {

  private static final AssertionError BROKEN = new AssertionError("broken executor");

  /** Throws {@link #BROKEN} until it is mended, then runs tasks on a new thread each. */
  private static final class BreakableExecutor implements Executor {
    volatile boolean broken = true;

    @Override
    public void execute(Runnable task) {
      if (broken) {
        throw BROKEN;
      }
      Thread thread = new Thread(task);
      thread.setDaemon(true);
      thread.start();
    }
  }

  private static Throwable failureOf(CompletableFuture<?> future) throws Exception {
    try {
      future.get(10, TimeUnit.SECONDS);
    } catch (ExecutionException e) {
      return e.getCause();
    }
    throw new AssertionError("expected the call to fail");
  }

  @Test
  void aBatchWhoseExecutorThrowsFailsItsCallersAndGivesItsSlotBack() throws Exception {
    BreakableExecutor pool = new BreakableExecutor();
    var executor =
        new CollapseExecutorAsyncSupport<Integer, Integer, List<Integer>>(
            CollapseExecutorOptions.builder().executor(pool).build()) {
          @Override
          protected List<Integer> doExecute(Collection<Input<Integer>> inputs) {
            return inputs.stream().map(Input::value).toList();
          }

          @Override
          protected void bindingOutput(
              List<Integer> out, List<Bundle<Integer, CompletableFuture<Integer>>> bundles) {
            bundles.forEach(b -> b.bindOutput(CompletableFuture.completedFuture(b.value() * 10)));
          }
        };
    try (executor) {
      assertThat(failureOf(executor.execute(1))).isSameAs(BROKEN);
      pool.broken = false;
      assertThat(executor.execute(2).get(10, TimeUnit.SECONDS)).isEqualTo(20);
    }
  }

  @Test
  void aSameKeyRunWhoseExecutorThrowsFailsItsCallersAndFreesTheGroup() throws Exception {
    BreakableExecutor pool = new BreakableExecutor();
    try (var executor =
        new AsyncCallableGroupCollapseExecutor(
            GroupCollapseExecutorOptions.builder().name("same-key").executor(pool).build())) {
      assertThat(failureOf(executor.execute("k", () -> "first"))).isSameAs(BROKEN);
      pool.broken = false;
      assertThat(executor.execute("k", () -> "second").get(10, TimeUnit.SECONDS))
          .isEqualTo("second");
    }
  }
}
