package io.github.collapseexecutor.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.core.CollapseListener.BatchReport;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A listener that throws anything, errors and checked exceptions thrown sneakily included, is
 * logged and ignored: every caller gets exactly what it would get with no listener. The hazard is
 * a throwable escaping where the engine expected none, dropping a batch with its slot held or
 * reaching the caller that happened to run the batch.
 */
@Timeout(60)
final class ListenerFailureTest {

  private static final CollapseExecutorOptions NO_WAIT =
      CollapseExecutorOptions.builder().collectingWaitTime(CollapseExecutorOptions.NO_WAIT).build();

  /** Throws from every callback, taking turns between an error and a checked exception. */
  private static final class ThrowingListener implements CollapseListener {
    final AtomicInteger batches = new AtomicInteger();
    final AtomicInteger rejections = new AtomicInteger();
    final AtomicInteger timeouts = new AtomicInteger();

    @Override
    public void batchCompleted(BatchReport report) {
      fail(batches.incrementAndGet());
    }

    @Override
    public void callRejected(String executorName) {
      fail(rejections.incrementAndGet());
    }

    @Override
    public void callTimedOut(String executorName) {
      fail(timeouts.incrementAndGet());
    }

    private static void fail(int count) {
      if (count % 2 == 0) {
        throw new AssertionError("listener error " + count);
      }
      throw ListenerFailureTest.<RuntimeException>sneaky(new IOException("listener " + count));
    }
  }

  @SuppressWarnings("unchecked")
  private static <T extends Throwable> T sneaky(Throwable failure) throws T {
    throw (T) failure;
  }

  private static String get(CompletableFuture<String> future) throws Exception {
    return future.get(10, TimeUnit.SECONDS);
  }

  @ParameterizedTest
  @EnumSource(Flavour.class)
  void aListenerThatThrowsAfterABatchNeitherDropsTheQueuedBatchNorReachesTheCaller(Flavour flavour)
      throws Exception {
    ThrowingListener listener = new ThrowingListener();
    TestBackend backend = new TestBackend().closeGate();
    try (var executor = flavour.create(NO_WAIT.toBuilder().listener(listener).build(), backend)) {
      CompletableFuture<String> first = executor.submit(0);
      backend.awaitFirstBatch();
      CompletableFuture<String> queued = executor.submit(1);
      executor.awaitPending(1);
      CompletableFuture<String> alsoQueued = executor.submit(2);
      executor.awaitPending(2);
      backend.open();

      assertThat(get(first)).isEqualTo("v0");
      assertThat(get(queued)).isEqualTo("v1");
      assertThat(get(alsoQueued)).isEqualTo("v2");
      // both kinds of throwable were thrown by now, and the executor still takes calls
      assertThat(get(executor.submit(3))).isEqualTo("v3");
      assertThat(get(executor.submit(4))).isEqualTo("v4");
      assertThat(backend.batches())
          .containsExactly(List.of(0), List.of(1, 2), List.of(3), List.of(4));
    }
  }

  @ParameterizedTest
  @EnumSource(Flavour.class)
  void aListenerThatThrowsFromEveryCallbackUnderConcurrentLoadLeavesNoCallerWaiting(Flavour flavour)
      throws Exception {
    ThrowingListener listener = new ThrowingListener();
    // each batch waits long enough for callers to queue past the bound and to time out
    TestBackend backend =
        new TestBackend()
            .behaviour(
                inputs -> {
                  LockSupport.parkNanos(TimeUnit.MICROSECONDS.toNanos(500));
                  return TestBackend.lookup(inputs);
                });
    // one batch at a time, so that callers do queue past the bound: an adaptive limit that finds
    // room for eight batches would leave every caller a batch of its own and nothing to reject
    CollapseExecutorOptions options =
        NO_WAIT.toBuilder()
            .name("throwing-listener")
            .maxConcurrentBatches(1)
            .maxPendingInputs(4)
            .listener(listener)
            .build();
    int threads = 8;
    int callsPerThread = 150;
    ExecutorService load = Executors.newFixedThreadPool(threads);
    try (var executor = flavour.create(options, backend)) {
      CountDownLatch start = new CountDownLatch(1);
      List<Future<int[]>> outcomes = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        int thread = t;
        outcomes.add(
            load.submit(
                () -> {
                  start.await();
                  int[] counts = new int[3];
                  for (int i = 0; i < callsPerThread; i++) {
                    int input = thread * callsPerThread + i;
                    counts[outcome(executor, input, i % 3 == 0)]++;
                  }
                  return counts;
                }));
      }
      start.countDown();
      int[] total = new int[3];
      for (Future<int[]> outcome : outcomes) {
        int[] counts = outcome.get(40, TimeUnit.SECONDS);
        for (int i = 0; i < 3; i++) {
          total[i] += counts[i];
        }
      }

      assertThat(total[0] + total[1] + total[2]).isEqualTo(threads * callsPerThread);
      assertThat(total[0]).as("answered").isPositive();
      assertThat(listener.batches).hasPositiveValue();
      assertThat(listener.rejections).hasValue(total[1]).hasPositiveValue();
      assertThat(listener.timeouts).hasPositiveValue();
      assertThat(get(executor.submit(-1))).isEqualTo("v-1");
    } finally {
      load.shutdownNow();
    }
  }

  /**
   * Makes one call and returns 0 if it was answered with its own output, 1 if it was rejected and
   * 2 if its caller timed out; fails the test on any other outcome.
   */
  private static int outcome(Flavour.Harness executor, int input, boolean impatient)
      throws Exception {
    CompletableFuture<String> call;
    try {
      call = impatient ? executor.submit(input, Duration.ofNanos(1)) : executor.submit(input);
    } catch (RejectedExecutionException rejected) {
      return 1;
    }
    try {
      assertThat(call.get(10, TimeUnit.SECONDS)).isEqualTo("v" + input);
      return 0;
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof RejectedExecutionException) {
        return 1;
      }
      if (impatient
          && (cause instanceof TimeoutException || cause instanceof CollapseTimeoutException)) {
        return 2;
      }
      throw new AssertionError("input " + input + " failed with " + cause, cause);
    }
  }

  @ParameterizedTest
  @EnumSource(SameKeyFlavour.class)
  void aListenerThatThrowsAfterASharedRunReachesNoCaller(SameKeyFlavour flavour) throws Exception {
    ThrowingListener listener = new ThrowingListener();
    try (var executor = flavour.create(listener)) {
      assertThat(executor.submit("k", () -> "first").get(10, TimeUnit.SECONDS)).isEqualTo("first");
      assertThat(executor.submit("k", () -> "second").get(10, TimeUnit.SECONDS))
          .isEqualTo("second");
      // the report comes after the callers are answered
      Await.until(() -> listener.batches.get() == 2, () -> "reports: " + listener.batches);
    }
  }

  @Test
  void aListenerThatThrowsWhenASameKeyWaiterTimesOutLeavesItItsTimeout() throws Exception {
    ThrowingListener listener = new ThrowingListener();
    var executor = new BlockingCallableGroupCollapseExecutor("same-key", listener);
    CountDownLatch started = new CountDownLatch(1);
    CountDownLatch gate = new CountDownLatch(1);
    ExecutorService leader = Executors.newSingleThreadExecutor();
    try (executor) {
      Future<String> running =
          leader.submit(
              () ->
                  executor.execute(
                      "k",
                      () -> {
                        started.countDown();
                        gate.await(10, TimeUnit.SECONDS);
                        return "result";
                      }));
      assertThat(started.await(10, TimeUnit.SECONDS)).isTrue();
      for (int i = 0; i < 2; i++) {
        Throwable waited =
            catchThrowable(() -> executor.execute("k", () -> "unused", Duration.ofMillis(1)));
        assertThat(waited).isInstanceOf(CollapseTimeoutException.class);
      }
      gate.countDown();
      assertThat(running.get(10, TimeUnit.SECONDS)).isEqualTo("result");
      assertThat(listener.timeouts).hasValue(2);
    } finally {
      leader.shutdownNow();
    }
  }

  private static Throwable catchThrowable(Runnable call) {
    try {
      call.run();
    } catch (Throwable thrown) {
      return thrown;
    }
    return null;
  }
}
