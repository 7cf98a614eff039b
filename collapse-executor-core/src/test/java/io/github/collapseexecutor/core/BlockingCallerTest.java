package io.github.collapseexecutor.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** What only the blocking batch flavour does: batches on callers' threads, timeouts, interrupts. */
@Timeout(30)
final class BlockingCallerTest {

  private static final CollapseExecutorOptions NO_WAIT =
      CollapseExecutorOptions.builder().collectingWaitTime(CollapseExecutorOptions.NO_WAIT).build();

  private final ExecutorService callers = Executors.newCachedThreadPool();

  @AfterEach
  void stopCallers() {
    callers.shutdownNow();
  }

  /** A blocking executor over a {@link TestBackend} that records which thread ran each batch. */
  private static final class Loader
      extends CollapseExecutorBlockingSupport<Integer, String, Map<Integer, String>> {
    final TestBackend backend;
    final List<Thread> batchThreads = new java.util.concurrent.CopyOnWriteArrayList<>();

    Loader(CollapseExecutorOptions options, TestBackend backend) {
      super(options);
      this.backend = backend;
    }

    @Override
    protected Map<Integer, String> doExecute(Collection<Input<Integer>> inputs) throws Exception {
      batchThreads.add(Thread.currentThread());
      return backend.load(Flavour.values(inputs));
    }

    @Override
    protected void bindingOutput(
        Map<Integer, String> output, List<Bundle<Integer, String>> bundles) {
      backend.bind(output, bundles);
    }
  }

  private CompletableFuture<String> submit(Loader loader, int input) {
    return CompletableFuture.supplyAsync(() -> loader.execute(input), callers);
  }

  private static void awaitPending(Loader loader, int count) {
    Await.until(
        () -> EngineInternals.pendingInputs(loader) == count,
        () -> "pending " + EngineInternals.pendingInputs(loader));
  }

  @Test
  void aLoneCallRunsItsBatchOnItsOwnThread() {
    Loader loader = new Loader(NO_WAIT, new TestBackend());
    assertThat(loader.execute(3)).isEqualTo("v3");
    assertThat(loader.batchThreads).containsExactly(Thread.currentThread());
  }

  @Test
  void aLoneCallThatStartsAtOnceReportsNoWaitAndItsWholeRun() {
    RecordingRuns runs = new RecordingRuns(1);
    AtomicReference<long[]> doExecuteSpan = new AtomicReference<>();
    CollapseExecutorOptions options = NO_WAIT.toBuilder().listener(runs).build();
    TestBackend backend =
        new TestBackend()
            .behaviour(
                inputs -> {
                  long start = System.nanoTime();
                  Map<Integer, String> values = TestBackend.lookup(inputs);
                  doExecuteSpan.set(new long[] {start, System.nanoTime()});
                  return values;
                });
    try (Loader loader = new Loader(options, backend)) {
      assertThat(loader.execute(7)).isEqualTo("v7");
    }

    // the report is made on the caller's thread, which ran the batch, before execute returned
    assertThat(runs.ended).hasSize(1);
    CollapseListener.BatchReport report = runs.ended.get(0);
    assertThat(report.size()).isEqualTo(1);
    // the batch began with the call's own submission: it never waited
    assertThat(report.collectNanos()).isZero();
    long[] span = doExecuteSpan.get();
    assertThat(report.executeNanos()).isGreaterThanOrEqualTo(span[1] - span[0]);
  }

  @Test
  void theNextBatchRunsOnOneOfItsOwnCallersThreads() throws Exception {
    TestBackend backend = new TestBackend().closeGate();
    Loader loader = new Loader(NO_WAIT, backend);
    CompletableFuture<String> first = submit(loader, 0);
    backend.awaitFirstBatch();
    List<Thread> secondBatchCallers = new java.util.concurrent.CopyOnWriteArrayList<>();
    List<CompletableFuture<String>> later = new ArrayList<>();
    for (int i = 1; i <= 3; i++) {
      int input = i;
      later.add(
          CompletableFuture.supplyAsync(
              () -> {
                secondBatchCallers.add(Thread.currentThread());
                return loader.execute(input);
              },
              callers));
    }
    awaitPending(loader, 3);
    backend.open();
    for (CompletableFuture<String> call : later) {
      call.get(10, TimeUnit.SECONDS);
    }
    first.get(10, TimeUnit.SECONDS);
    assertThat(loader.batchThreads).hasSize(2);
    assertThat(secondBatchCallers).contains(loader.batchThreads.get(1));
  }

  @Test
  void aWaiterThatTimesOutLeavesAndItsInputIsDropped() throws Exception {
    AtomicInteger timeouts = new AtomicInteger();
    TestBackend backend = new TestBackend().closeGate();
    Loader loader =
        new Loader(
            NO_WAIT.toBuilder()
                .name("users")
                .listener(
                    new CollapseListener() {
                      @Override
                      public void callTimedOut(String executorName) {
                        timeouts.incrementAndGet();
                      }
                    })
                .build(),
            backend);
    CompletableFuture<String> first = submit(loader, 0);
    backend.awaitFirstBatch();
    CompletableFuture<String> kept = submit(loader, 2);
    awaitPending(loader, 1);

    assertThatThrownBy(() -> loader.execute(1, Duration.ofMillis(20)))
        .isInstanceOf(CollapseTimeoutException.class)
        .hasMessageContaining("users")
        .hasMessageContaining("input 1");
    assertThat(timeouts).hasValue(1);
    awaitPending(loader, 1);
    backend.open();

    assertThat(first.get(10, TimeUnit.SECONDS)).isEqualTo("v0");
    assertThat(kept.get(10, TimeUnit.SECONDS)).isEqualTo("v2");
    assertThat(backend.batches()).containsExactly(List.of(0), List.of(2));
  }

  @Test
  void anInterruptedWaiterLeavesAtOnceAndKeepsItsInterruptFlag() throws Exception {
    TestBackend backend = new TestBackend().closeGate();
    Loader loader = new Loader(NO_WAIT, backend);
    CompletableFuture<String> first = submit(loader, 0);
    backend.awaitFirstBatch();
    CompletableFuture<String> kept = submit(loader, 2);
    awaitPending(loader, 1);

    AtomicReference<Throwable> thrown = new AtomicReference<>();
    AtomicReference<Boolean> flagAfter = new AtomicReference<>();
    Thread waiter =
        new Thread(
            () -> {
              try {
                loader.execute(1);
              } catch (Throwable t) {
                thrown.set(t);
              }
              flagAfter.set(Thread.currentThread().isInterrupted());
            });
    waiter.start();
    awaitPending(loader, 2);
    waiter.interrupt();
    waiter.join(10_000);

    assertThat(thrown.get())
        .isInstanceOf(CollapseExecutionException.class)
        .hasCauseInstanceOf(InterruptedException.class);
    assertThat(flagAfter.get()).isTrue();
    awaitPending(loader, 1);
    backend.open();
    assertThat(first.get(10, TimeUnit.SECONDS)).isEqualTo("v0");
    assertThat(kept.get(10, TimeUnit.SECONDS)).isEqualTo("v2");
    assertThat(backend.batches()).containsExactly(List.of(0), List.of(2));
  }

  @Test
  void anInterruptedLeaderFailsAloneAndItsBatchMatesRunInANewBatch() throws Exception {
    TestBackend backend = new TestBackend().closeGate();
    Loader loader = new Loader(NO_WAIT, backend);
    CompletableFuture<String> first = submit(loader, 0);
    backend.awaitFirstBatch();

    // a second batch whose leader will be interrupted inside doExecute
    AtomicReference<Thread> secondLeader = new AtomicReference<>();
    CountDownLatch secondStarted = new CountDownLatch(1);
    backend.behaviour(
        inputs -> {
          if (inputs.contains(1)) {
            secondLeader.set(Thread.currentThread());
            secondStarted.countDown();
            new CountDownLatch(1).await(); // only an interrupt ends this
          }
          return TestBackend.lookup(inputs);
        });
    List<CompletableFuture<String>> mates = new ArrayList<>();
    for (int i = 1; i <= 3; i++) {
      mates.add(submit(loader, i));
    }
    awaitPending(loader, 3);
    backend.open();
    assertThat(first.get(10, TimeUnit.SECONDS)).isEqualTo("v0");
    assertThat(secondStarted.await(10, TimeUnit.SECONDS)).isTrue();
    backend.behaviour(TestBackend::lookup);
    secondLeader.get().interrupt();

    int failed = 0;
    for (int i = 1; i <= 3; i++) {
      try {
        assertThat(mates.get(i - 1).get(10, TimeUnit.SECONDS)).isEqualTo("v" + i);
      } catch (java.util.concurrent.ExecutionException e) {
        assertThat(e.getCause())
            .isInstanceOf(CollapseExecutionException.class)
            .hasCauseInstanceOf(InterruptedException.class);
        failed++;
      }
    }
    assertThat(failed).isEqualTo(1);
    // the two that were not interrupted ran again, in a batch without the leader's input
    assertThat(backend.batches()).hasSize(3);
    assertThat(backend.batches().get(2)).hasSize(2);
  }

  @Test
  void negativeTimeoutIsRefused() {
    Loader loader = new Loader(NO_WAIT, new TestBackend());
    assertThatThrownBy(() -> loader.execute(1, Duration.ofMillis(-1)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("timeout must not be negative: PT-0.001S");
  }

  @Test
  void virtualThreadCallersDoNotPinTheirCarriers() throws Exception {
    assumeTrue(Runtime.version().feature() >= 21, "virtual threads need JDK 21+");
    ExecutorService virtualThreads =
        (ExecutorService) Executors.class.getMethod("newVirtualThreadPerTaskExecutor").invoke(null);
    TestBackend backend =
        new TestBackend()
            .behaviour(
                inputs -> {
                  LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
                  return TestBackend.lookup(inputs);
                });
    Loader loader = new Loader(NO_WAIT, backend);
    int calls = 2_000;
    try {
      List<CompletableFuture<String>> results = new ArrayList<>();
      for (int i = 0; i < calls; i++) {
        int input = i;
        results.add(CompletableFuture.supplyAsync(() -> loader.execute(input), virtualThreads));
      }
      for (int i = 0; i < calls; i++) {
        assertThat(results.get(i).get(20, TimeUnit.SECONDS)).isEqualTo("v" + i);
      }
    } finally {
      virtualThreads.shutdownNow();
    }
    // far more callers than carriers waited at once, so batches must have formed
    assertThat(backend.batches().size()).isLessThan(calls);
  }
}
