package io.github.collapseexecutor.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.core.CollapseListener.BatchReport;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The same-key (single flight) contract, run over the blocking, async and future executors. */
@Timeout(30)
final class SameKeyBehaviourTest {

  /** Work that counts its runs and holds each run until the test opens the gate. */
  private static final class GatedWork implements Callable<String> {
    final AtomicInteger runs = new AtomicInteger();
    final CountDownLatch started = new CountDownLatch(1);
    final CountDownLatch gate = new CountDownLatch(1);
    volatile Callable<String> result = () -> "result";

    @Override
    public String call() throws Exception {
      runs.incrementAndGet();
      started.countDown();
      if (!gate.await(10, TimeUnit.SECONDS)) {
        throw new AssertionError("the test never opened the gate");
      }
      return result.call();
    }
  }

  private static Throwable failureOf(CompletableFuture<?> future) throws Exception {
    try {
      future.get(10, TimeUnit.SECONDS);
    } catch (ExecutionException e) {
      return e.getCause();
    }
    throw new AssertionError("expected a failure");
  }

  @ParameterizedTest
  @EnumSource(SameKeyFlavour.class)
  void concurrentCallsWithAnEqualGroupShareOneRun(SameKeyFlavour flavour) throws Exception {
    List<BatchReport> reports = new CopyOnWriteArrayList<>();
    GatedWork work = new GatedWork();
    try (var executor =
        flavour.create(
            new CollapseListener() {
              @Override
              public void batchCompleted(BatchReport report) {
                reports.add(report);
              }
            })) {
      CompletableFuture<String> first = executor.submit("user:1", work);
      assertThat(work.started.await(10, TimeUnit.SECONDS)).isTrue();
      List<CompletableFuture<String>> joiners = new ArrayList<>();
      AtomicInteger joinerRuns = new AtomicInteger();
      for (int i = 0; i < 10; i++) {
        // equal but not identical keys, and callables of their own that must not run
        joiners.add(
            executor.submit(
                new String("user:1"),
                () -> {
                  joinerRuns.incrementAndGet();
                  return "joiner";
                }));
      }
      if (flavour == SameKeyFlavour.BLOCKING) {
        awaitBlockedJoiners(10);
      }
      work.gate.countDown();
      assertThat(first.get(10, TimeUnit.SECONDS)).isEqualTo("result");
      for (CompletableFuture<String> joiner : joiners) {
        assertThat(joiner.get(10, TimeUnit.SECONDS)).isEqualTo("result");
      }
      assertThat(work.runs).hasValue(1);
      assertThat(joinerRuns).hasValue(0);
      Await.until(() -> !reports.isEmpty(), () -> "no report");
      assertThat(reports.get(0).size()).isEqualTo(11);
    }
  }

  @ParameterizedTest
  @EnumSource(SameKeyFlavour.class)
  void differentGroupsRunSeparately(SameKeyFlavour flavour) throws Exception {
    AtomicInteger runs = new AtomicInteger();
    try (var executor = flavour.create(CollapseListener.NONE)) {
      CompletableFuture<String> a = executor.submit("a", () -> "A" + runs.incrementAndGet());
      CompletableFuture<String> b = executor.submit("b", () -> "B" + runs.incrementAndGet());
      assertThat(a.get(10, TimeUnit.SECONDS)).startsWith("A");
      assertThat(b.get(10, TimeUnit.SECONDS)).startsWith("B");
      assertThat(runs).hasValue(2);
    }
  }

  @ParameterizedTest
  @EnumSource(SameKeyFlavour.class)
  void completedWorkIsNeverServedAgain(SameKeyFlavour flavour) throws Exception {
    AtomicInteger runs = new AtomicInteger();
    try (var executor = flavour.create(CollapseListener.NONE)) {
      assertThat(executor.submit("k", () -> runs.incrementAndGet()).get(10, TimeUnit.SECONDS))
          .isEqualTo(1);
      assertThat(executor.submit("k", () -> runs.incrementAndGet()).get(10, TimeUnit.SECONDS))
          .isEqualTo(2);
    }
  }

  @ParameterizedTest
  @EnumSource(SameKeyFlavour.class)
  void everyCallerOfAFailedRunGetsItsException(SameKeyFlavour flavour) throws Exception {
    IOException boom = new IOException("backend down");
    GatedWork work = new GatedWork();
    work.result =
        () -> {
          throw boom;
        };
    try (var executor = flavour.create(CollapseListener.NONE)) {
      CompletableFuture<String> first = executor.submit("k", work);
      assertThat(work.started.await(10, TimeUnit.SECONDS)).isTrue();
      CompletableFuture<String> joiner = executor.submit("k", () -> "unused");
      if (flavour == SameKeyFlavour.BLOCKING) {
        awaitBlockedJoiners(1);
      }
      work.gate.countDown();
      for (CompletableFuture<String> call : List.of(first, joiner)) {
        Throwable failure = failureOf(call);
        if (flavour.wrapsCheckedExceptions()) {
          assertThat(failure).isInstanceOf(CollapseExecutionException.class).hasCause(boom);
        } else {
          assertThat(failure).isSameAs(boom);
        }
      }
      assertThat(work.runs).hasValue(1);
    }
  }

  /** Waits until {@code count} blocking callers wait for a shared run (no latch can tell). */
  private static void awaitBlockedJoiners(int count) {
    Await.until(
        () ->
            Thread.getAllStackTraces().entrySet().stream()
                    .filter(e -> e.getKey().getState() == Thread.State.WAITING)
                    .filter(
                        e ->
                            Arrays.stream(e.getValue())
                                .anyMatch(
                                    frame ->
                                        frame
                                                .getClassName()
                                                .equals(
                                                    BlockingCallableGroupCollapseExecutor.class
                                                        .getName())
                                            && frame.getMethodName().equals("await")))
                    .count()
                == count,
        () -> "fewer than " + count + " joiners waiting");
  }

  @ParameterizedTest
  @EnumSource(SameKeyFlavour.class)
  void nullGroupOrCallableIsRefusedNamingTheParameter(SameKeyFlavour flavour) throws Exception {
    try (var executor = flavour.create(CollapseListener.NONE)) {
      assertThat(failureOrThrown(() -> executor.submit(null, () -> "x")))
          .isInstanceOf(NullPointerException.class)
          .hasMessage("group");
      assertThat(failureOrThrown(() -> executor.submit("k", null)))
          .isInstanceOf(NullPointerException.class)
          .hasMessage("callable");
    }
  }

  @ParameterizedTest
  @EnumSource(SameKeyFlavour.class)
  void closeRefusesNewCallsAndLetsRunningWorkFinish(SameKeyFlavour flavour) throws Exception {
    GatedWork work = new GatedWork();
    try (var executor = flavour.create(CollapseListener.NONE)) {
      CompletableFuture<String> running = executor.submit("k", work);
      assertThat(work.started.await(10, TimeUnit.SECONDS)).isTrue();
      executor.executor.close();
      executor.executor.close();
      assertThat(failureOrThrown(() -> executor.submit("other", () -> "x")))
          .isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("closed");
      work.gate.countDown();
      assertThat(running.get(10, TimeUnit.SECONDS)).isEqualTo("result");
    }
  }

  @ParameterizedTest
  @EnumSource(
      value = SameKeyFlavour.class,
      names = {"ASYNC", "FUTURE"})
  void oneCallerCancellingLeavesTheOthersTheirResult(SameKeyFlavour flavour) throws Exception {
    GatedWork work = new GatedWork();
    try (var executor = flavour.create(CollapseListener.NONE)) {
      CompletableFuture<String> first = executor.submit("k", work);
      assertThat(work.started.await(10, TimeUnit.SECONDS)).isTrue();
      CompletableFuture<String> second = executor.submit("k", () -> "unused");
      assertThat(first.cancel(true)).isTrue();
      work.gate.countDown();
      assertThat(second.get(10, TimeUnit.SECONDS)).isEqualTo("result");
      assertThat(first).isCancelled();
    }
  }

  @ParameterizedTest
  @EnumSource(
      value = SameKeyFlavour.class,
      names = {"ASYNC", "FUTURE"})
  void aCallerCancellingTwiceLeavesOnceAndTheOthersKeepTheirResult(SameKeyFlavour flavour)
      throws Exception {
    GatedWork work = new GatedWork();
    try (var executor = flavour.create(CollapseListener.NONE)) {
      CompletableFuture<String> first = executor.submit("k", work);
      assertThat(work.started.await(10, TimeUnit.SECONDS)).isTrue();
      CompletableFuture<String> second = executor.submit("k", () -> "unused");
      assertThat(first.cancel(true)).isTrue();
      // CompletableFuture answers true again; the second cancel must not count as another leave
      assertThat(first.cancel(true)).isTrue();
      work.gate.countDown();
      assertThat(second.get(10, TimeUnit.SECONDS)).isEqualTo("result");
    }
  }

  private static Throwable failureOrThrown(Callable<CompletableFuture<String>> submission)
      throws Exception {
    CompletableFuture<String> future;
    try {
      future = submission.call();
    } catch (RuntimeException e) {
      return e;
    }
    return failureOf(future);
  }
}
