package io.github.collapseexecutor.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Executors share nothing: no common dispatcher thread, no threads when idle. */
@Timeout(30)
final class IsolationTest {

  /** An async executor whose batches block until the latch opens. */
  private static CollapseExecutorAsyncSupport<Integer, Integer, Integer> blockingOn(
      CountDownLatch latch, String name) {
    return new CollapseExecutorAsyncSupport<>(
        CollapseExecutorOptions.builder().name(name).build()) {
      @Override
      protected Integer doExecute(Collection<Input<Integer>> inputs) throws Exception {
        latch.await(10, TimeUnit.SECONDS);
        return inputs.size();
      }

      @Override
      protected void bindingOutput(
          Integer size, List<Bundle<Integer, CompletableFuture<Integer>>> bundles) {
        bundles.forEach(b -> b.bindOutput(CompletableFuture.completedFuture(b.value())));
      }
    };
  }

  @Test
  void aStuckBatchOfOneExecutorDoesNotDelayAnother() throws Exception {
    CountDownLatch never = new CountDownLatch(1);
    var stuck = blockingOn(never, "stuck");
    var free = blockingOn(new CountDownLatch(0), "free");
    try {
      CompletableFuture<Integer> stalled = stuck.execute(1);
      assertThat(free.execute(2).get(5, TimeUnit.SECONDS)).isEqualTo(2);
      assertThat(stalled).isNotDone();
    } finally {
      never.countDown();
      stuck.close();
      free.close();
    }
  }

  @Test
  void asyncExecutorsRunBatchesOnThreadsNamedAfterThem() throws Exception {
    var executor =
        new CollapseExecutorAsyncSupport<Integer, String, String>(
            CollapseExecutorOptions.builder().name("names").build()) {
          @Override
          protected String doExecute(Collection<Input<Integer>> inputs) {
            return Thread.currentThread().getName();
          }

          @Override
          protected void bindingOutput(
              String thread, List<Bundle<Integer, CompletableFuture<String>>> bundles) {
            bundles.forEach(b -> b.bindOutput(CompletableFuture.completedFuture(thread)));
          }
        };
    try {
      String thread = executor.execute(1).get(5, TimeUnit.SECONDS);
      assertThat(thread).startsWith("collapse-names-");
    } finally {
      executor.close();
    }
  }

  @Test
  void closingAnAsyncExecutorEndsTheThreadsOfItsOwnPool() throws Exception {
    var executor = blockingOn(new CountDownLatch(0), "closing");
    assertThat(executor.execute(1).get(5, TimeUnit.SECONDS)).isEqualTo(1);
    assertThat(threadsNamed("collapse-closing-")).isNotEmpty();

    executor.close();

    Await.until(
        () -> threadsNamed("collapse-closing-").isEmpty(),
        () -> "still running: " + threadsNamed("collapse-closing-"));
  }

  @Test
  void closingASameKeyAsyncExecutorEndsTheThreadsOfItsOwnPool() throws Exception {
    var executor =
        new AsyncCallableGroupCollapseExecutor("closing-same-key", CollapseListener.NONE);
    assertThat(executor.execute("k", () -> 1).get(5, TimeUnit.SECONDS)).isEqualTo(1);

    executor.close();

    Await.until(
        () -> threadsNamed("collapse-closing-same-key-").isEmpty(),
        () -> "still running: " + threadsNamed("collapse-closing-same-key-"));
  }

  private static Set<String> threadsNamed(String prefix) {
    return Thread.getAllStackTraces().keySet().stream()
        .filter(Thread::isAlive)
        .map(Thread::getName)
        .filter(name -> name.startsWith(prefix))
        .collect(Collectors.toSet());
  }

  @Test
  void blockingExecutorsStartNoThread() {
    Set<Thread> before = Thread.getAllStackTraces().keySet();
    var executor =
        new CollapseExecutorBlockingSupport<Integer, Integer, Integer>() {
          @Override
          protected Integer doExecute(Collection<Input<Integer>> inputs) {
            return inputs.size();
          }

          @Override
          protected void bindingOutput(Integer size, List<Bundle<Integer, Integer>> bundles) {
            bundles.forEach(b -> b.bindOutput(b.value()));
          }
        };
    var sameKey = new BlockingCallableGroupCollapseExecutor();
    for (int i = 0; i < 1000; i++) {
      assertThat(executor.execute(i)).isEqualTo(i);
      int value = i;
      assertThat(sameKey.execute("k", () -> value)).isEqualTo(i);
    }
    Set<String> started =
        Thread.getAllStackTraces().keySet().stream()
            .filter(t -> !before.contains(t))
            .map(Thread::getName)
            .filter(name -> name.startsWith("collapse-"))
            .collect(Collectors.toSet());
    assertThat(started).isEmpty();
  }
}
