package io.github.collapseexecutor.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@link CollapseExecutor#setCollapsing}, switched while calls are in flight: inputs that queued
 * behind a running batch run one per batch once collapsing is off and together once it is on
 * again; callers of a same-key executor run their own work while it is off, even beside a run in
 * progress for their group, and share runs again once it is on.
 */
@Timeout(30)
final class CollapsingSwitchTest {

  /** One slot, so that inputs queue behind the running batch. */
  private static final CollapseExecutorOptions ONE_SLOT =
      CollapseExecutorOptions.builder()
          .collectingWaitTime(CollapseExecutorOptions.NO_WAIT)
          .maxConcurrentBatches(1)
          .adaptiveConcurrency(false)
          .build();

  @ParameterizedTest
  @EnumSource(Flavour.class)
  void queuedInputsRunOnePerBatchWhileOffAndTogetherOnceOnAgain(Flavour flavour) throws Exception {
    TestBackend backend = new TestBackend().closeGate();
    try (var executor = flavour.create(ONE_SLOT, backend)) {
      CollapseExecutor target = (CollapseExecutor) executor.executor;
      assertThat(target.isCollapsing()).isTrue();
      List<CompletableFuture<String>> calls = new ArrayList<>();
      calls.add(executor.submit(0));
      backend.awaitFirstBatch();
      for (int i = 1; i <= 3; i++) {
        calls.add(executor.submit(i));
        executor.awaitPending(i);
      }

      target.setCollapsing(false);
      assertThat(target.isCollapsing()).isFalse();
      backend.open();
      awaitAll(calls);

      assertThat(backend.batches()).containsExactly(List.of(0), List.of(1), List.of(2), List.of(3));

      backend.closeGate();
      calls.clear();
      calls.add(executor.submit(10));
      Await.until(() -> backend.running.get() == 1, () -> "batch 10 did not start");
      for (int i = 11; i <= 13; i++) {
        calls.add(executor.submit(i));
        executor.awaitPending(i - 10);
      }

      target.setCollapsing(true);
      backend.open();
      awaitAll(calls);

      assertThat(backend.batches().subList(4, backend.batches().size()))
          .containsExactly(List.of(10), List.of(11, 12, 13));
    }
  }

  @ParameterizedTest
  @EnumSource(SameKeyFlavour.class)
  void callersRunTheirOwnWorkWhileOffAndShareOnceOnAgain(SameKeyFlavour flavour) throws Exception {
    int callers = 4;
    try (var executor = flavour.create(CollapseListener.NONE)) {
      CollapseExecutor target = (CollapseExecutor) executor.executor;
      CountDownLatch held = new CountDownLatch(1);
      CountDownLatch firstStarted = new CountDownLatch(1);
      CompletableFuture<String> first =
          executor.submit(
              "k",
              () -> {
                firstStarted.countDown();
                assertThat(held.await(10, TimeUnit.SECONDS)).isTrue();
                return "first";
              });
      assertThat(firstStarted.await(10, TimeUnit.SECONDS)).isTrue();

      target.setCollapsing(false);
      // each waits for all: only runs of their own, side by side, get past the latch
      CountDownLatch together = new CountDownLatch(callers);
      List<CompletableFuture<String>> own = new ArrayList<>();
      for (int i = 0; i < callers; i++) {
        String value = "own " + i;
        own.add(
            executor.submit(
                "k",
                () -> {
                  together.countDown();
                  assertThat(together.await(10, TimeUnit.SECONDS)).isTrue();
                  return value;
                }));
      }
      for (int i = 0; i < callers; i++) {
        assertThat(own.get(i).get(10, TimeUnit.SECONDS)).isEqualTo("own " + i);
      }
      assertThat(first).isNotDone();

      target.setCollapsing(true);
      AtomicInteger runs = new AtomicInteger();
      CountDownLatch sharedHeld = new CountDownLatch(1);
      CountDownLatch sharedStarted = new CountDownLatch(1);
      CompletableFuture<String> leader =
          executor.submit(
              "j",
              () -> {
                runs.incrementAndGet();
                sharedStarted.countDown();
                assertThat(sharedHeld.await(10, TimeUnit.SECONDS)).isTrue();
                return "shared";
              });
      assertThat(sharedStarted.await(10, TimeUnit.SECONDS)).isTrue();
      CompletableFuture<String> joiner =
          executor.submit(
              "j",
              () -> {
                runs.incrementAndGet();
                return "own";
              });
      RunScopeTest.awaitJoined(executor, "j", 2);
      sharedHeld.countDown();
      held.countDown();

      assertThat(leader.get(10, TimeUnit.SECONDS)).isEqualTo("shared");
      assertThat(joiner.get(10, TimeUnit.SECONDS)).isEqualTo("shared");
      assertThat(first.get(10, TimeUnit.SECONDS)).isEqualTo("first");
      assertThat(runs).hasValue(1);
    }
  }

  private static void awaitAll(List<CompletableFuture<String>> calls) throws Exception {
    for (CompletableFuture<String> call : calls) {
      assertThat(call.get(10, TimeUnit.SECONDS)).startsWith("v");
    }
  }
}
