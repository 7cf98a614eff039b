package io.github.collapseexecutor.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.collapseexecutor.core.CollapseListener.BatchReport;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Waiters of same-key work are independent of each other and of the caller running the work. */
@Timeout(30)
final class SameKeyWaitersTest {

  private final ExecutorService callers = Executors.newCachedThreadPool();

  @AfterEach
  void stopCallers() {
    callers.shutdownNow();
  }

  @Test
  void aWaiterThatTimesOutLeavesWithoutDisturbingTheRun() throws Exception {
    AtomicInteger timeouts = new AtomicInteger();
    var executor =
        new BlockingCallableGroupCollapseExecutor(
            "profiles",
            new CollapseListener() {
              @Override
              public void callTimedOut(String executorName) {
                timeouts.incrementAndGet();
              }
            });
    CountDownLatch started = new CountDownLatch(1);
    CountDownLatch gate = new CountDownLatch(1);
    CompletableFuture<String> leader =
        CompletableFuture.supplyAsync(
            () ->
                executor.execute(
                    "k",
                    () -> {
                      started.countDown();
                      gate.await();
                      return "done";
                    }),
            callers);
    assertThat(started.await(10, TimeUnit.SECONDS)).isTrue();

    assertThatThrownBy(() -> executor.execute("k", () -> "own", Duration.ofMillis(20)))
        .isInstanceOf(CollapseTimeoutException.class)
        .hasMessageContaining("profiles")
        .hasMessageContaining("group k");
    assertThat(timeouts).hasValue(1);
    gate.countDown();
    assertThat(leader.get(10, TimeUnit.SECONDS)).isEqualTo("done");
  }

  @Test
  void whenTheRunningCallerIsInterruptedAWaiterRunsTheWorkAgain() throws Exception {
    var executor = new BlockingCallableGroupCollapseExecutor();
    AtomicInteger runs = new AtomicInteger();
    CountDownLatch firstRunStarted = new CountDownLatch(1);
    AtomicReference<Thread> firstRunner = new AtomicReference<>();
    java.util.concurrent.Callable<String> work =
        () -> {
          if (runs.incrementAndGet() == 1) {
            firstRunner.set(Thread.currentThread());
            firstRunStarted.countDown();
            new CountDownLatch(1).await(); // only an interrupt ends the first run
          }
          return "run " + runs.get();
        };
    CompletableFuture<String> interrupted =
        CompletableFuture.supplyAsync(() -> executor.execute("k", work), callers);
    assertThat(firstRunStarted.await(10, TimeUnit.SECONDS)).isTrue();
    CompletableFuture<String> waiter =
        CompletableFuture.supplyAsync(() -> executor.execute("k", work), callers);
    Await.until(() -> waiterBlocked(), () -> "no waiter joined");

    firstRunner.get().interrupt();

    assertThat(waiter.get(10, TimeUnit.SECONDS)).isEqualTo("run 2");
    assertThat(interrupted)
        .failsWithin(10, TimeUnit.SECONDS)
        .withThrowableOfType(java.util.concurrent.ExecutionException.class)
        .havingCause()
        .isInstanceOf(CollapseExecutionException.class)
        .withCauseInstanceOf(InterruptedException.class);
  }

  private static boolean waiterBlocked() {
    return Thread.getAllStackTraces().entrySet().stream()
        .filter(e -> e.getKey().getState() == Thread.State.WAITING)
        .anyMatch(
            e ->
                java.util.Arrays.stream(e.getValue())
                    .anyMatch(
                        frame ->
                            frame
                                    .getClassName()
                                    .equals(BlockingCallableGroupCollapseExecutor.class.getName())
                                && frame.getMethodName().equals("await")));
  }

  @Test
  void theSharedFutureIsCancelledOnlyWhenEveryCallerHasLeft() throws Exception {
    var executor = new FutureCallableGroupCollapseExecutor();
    CompletableFuture<String> shared = new CompletableFuture<>();
    CompletableFuture<String> a = executor.execute("k", () -> shared);
    CompletableFuture<String> b = executor.execute("k", () -> new CompletableFuture<>());

    a.cancel(false);
    assertThat(shared).isNotDone();
    b.orTimeout(1, TimeUnit.MILLISECONDS);
    assertThat(b).failsWithin(10, TimeUnit.SECONDS);
    Await.until(shared::isCancelled, () -> "shared future not cancelled");

    // the abandoned run is gone: the next caller starts a fresh one
    CompletableFuture<String> fresh =
        executor.execute("k", () -> CompletableFuture.completedFuture("new"));
    assertThat(fresh.get(10, TimeUnit.SECONDS)).isEqualTo("new");
  }

  @Test
  void anAbandonedFutureRunIsReportedOnce() throws Exception {
    List<BatchReport> reports = new java.util.concurrent.CopyOnWriteArrayList<>();
    var executor =
        new FutureCallableGroupCollapseExecutor(
            GroupCollapseExecutorOptions.builder()
                .listener(
                    new CollapseListener() {
                      @Override
                      public void batchCompleted(BatchReport report) {
                        reports.add(report);
                      }
                    })
                .build());
    CompletableFuture<String> shared = new CompletableFuture<>();
    CompletableFuture<String> a = executor.execute("k", () -> shared);
    CompletableFuture<String> b = executor.execute("k", () -> shared);

    a.cancel(false);
    b.cancel(false);

    // cancelling the work completes it, which must not complete and report the run a second time
    assertThat(shared).isCancelled();
    assertThat(reports)
        .singleElement()
        .satisfies(
            report -> {
              assertThat(report.size()).isEqualTo(2);
              assertThat(report.failure())
                  .isInstanceOf(java.util.concurrent.CancellationException.class)
                  .hasMessageContaining("every caller left");
            });
  }

  @Test
  void futureCallersAreAnsweredInTheOrderTheyJoined() throws Exception {
    var executor = new FutureCallableGroupCollapseExecutor();
    CompletableFuture<String> work = new CompletableFuture<>();
    List<Integer> answered = new ArrayList<>();
    List<CompletableFuture<String>> calls = new ArrayList<>();
    for (int i = 0; i < 50; i++) {
      int caller = i;
      // a dependent of each caller's future records when that caller is answered
      calls.add(
          executor.execute("k", () -> work).whenComplete((value, failure) -> answered.add(caller)));
    }
    assertThat(answered).isEmpty();

    work.complete("done");

    assertThat(answered).containsExactlyElementsOf(range(50));
    assertThat(calls).allSatisfy(call -> assertThat(call).isCompletedWithValue("done"));
  }

  @Test
  void asyncCallersAreAnsweredInTheOrderTheyJoinedAlsoOnFailure() throws Exception {
    var executor =
        new AsyncCallableGroupCollapseExecutor(
            GroupCollapseExecutorOptions.builder().executor(callers).build());
    CountDownLatch started = new CountDownLatch(1);
    CountDownLatch gate = new CountDownLatch(1);
    List<Integer> answered = new ArrayList<>();
    List<CompletableFuture<Object>> calls = new ArrayList<>();
    for (int i = 0; i < 50; i++) {
      int caller = i;
      calls.add(
          executor
              .execute(
                  "k",
                  () -> {
                    started.countDown();
                    gate.await();
                    throw new IllegalStateException("backend down");
                  })
              .whenComplete(
                  (value, failure) -> {
                    synchronized (answered) {
                      answered.add(caller);
                    }
                  }));
    }
    assertThat(started.await(10, TimeUnit.SECONDS)).isTrue();

    gate.countDown();

    CompletableFuture.allOf(calls.toArray(CompletableFuture[]::new))
        .handle((value, failure) -> null)
        .get(10, TimeUnit.SECONDS);
    synchronized (answered) {
      assertThat(answered).containsExactlyElementsOf(range(50));
    }
    assertThat(calls).allSatisfy(call -> assertThat(call).isCompletedExceptionally());
  }

  private static List<Integer> range(int size) {
    List<Integer> numbers = new ArrayList<>();
    for (int i = 0; i < size; i++) {
      numbers.add(i);
    }
    return numbers;
  }
}
