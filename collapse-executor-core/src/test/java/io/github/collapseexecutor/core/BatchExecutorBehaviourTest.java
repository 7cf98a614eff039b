package io.github.collapseexecutor.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.collapseexecutor.core.CollapseListener.BatchReport;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The batch contract, run over the blocking, async and future flavours alike, of the support
 * classes and of the executors batch functions become.
 */
@Timeout(30)
final class BatchExecutorBehaviourTest {

  private static final String ALL = "io.github.collapseexecutor.core.BatchFlavour#all";
  private static final String WITH_FUTURES =
      "io.github.collapseexecutor.core.BatchFlavour#withFutures";

  private static final CollapseExecutorOptions NO_WAIT =
      CollapseExecutorOptions.builder().collectingWaitTime(CollapseExecutorOptions.NO_WAIT).build();

  static String get(CompletableFuture<String> future) throws Exception {
    return future.get(10, TimeUnit.SECONDS);
  }

  static Throwable failureOf(CompletableFuture<?> future) {
    try {
      future.get(10, TimeUnit.SECONDS);
    } catch (ExecutionException e) {
      return e.getCause();
    } catch (Exception e) {
      throw new AssertionError("expected the call to fail, got " + e, e);
    }
    throw new AssertionError("expected the call to fail, but it succeeded");
  }

  @ParameterizedTest
  @MethodSource(ALL)
  void loneCallRunsAtOnceInABatchOfItsOwn(BatchFlavour flavour) throws Exception {
    TestBackend backend = new TestBackend();
    try (var executor = flavour.create(NO_WAIT, backend)) {
      assertThat(get(executor.submit(7))).isEqualTo("v7");
      assertThat(backend.batches()).containsExactly(List.of(7));
    }
  }

  @ParameterizedTest
  @MethodSource(ALL)
  void callsArrivingWhileABatchRunsFormTheNextBatch(BatchFlavour flavour) throws Exception {
    TestBackend backend = new TestBackend().closeGate();
    try (var executor = flavour.create(NO_WAIT, backend)) {
      CompletableFuture<String> first = executor.submit(0);
      backend.awaitFirstBatch();
      List<CompletableFuture<String>> later = new ArrayList<>();
      for (int i = 1; i <= 20; i++) {
        later.add(executor.submit(i));
      }
      executor.awaitPending(20);
      backend.open();

      assertThat(get(first)).isEqualTo("v0");
      for (int i = 1; i <= 20; i++) {
        assertThat(get(later.get(i - 1))).isEqualTo("v" + i);
      }
      assertThat(backend.batches()).hasSize(2);
      assertThat(backend.batches().get(1))
          .containsExactlyInAnyOrderElementsOf(IntStream.rangeClosed(1, 20).boxed().toList());
    }
  }

  @ParameterizedTest
  @MethodSource(ALL)
  void equalInputsInOneBatchEachGetTheirOwnOutput(BatchFlavour flavour) throws Exception {
    TestBackend backend = new TestBackend().closeGate();
    try (var executor = flavour.create(NO_WAIT, backend)) {
      CompletableFuture<String> first = executor.submit(0);
      backend.awaitFirstBatch();
      CompletableFuture<String> a = executor.submit(5);
      CompletableFuture<String> b = executor.submit(5);
      executor.awaitPending(2);
      backend.open();

      assertThat(get(first)).isEqualTo("v0");
      assertThat(get(a)).isEqualTo("v5");
      assertThat(get(b)).isEqualTo("v5");
      assertThat(backend.batches().get(1))
          .isEqualTo(flavour.asksEqualInputsOnce() ? List.of(5) : List.of(5, 5));
    }
  }

  @ParameterizedTest
  @MethodSource(ALL)
  void bundlesComeInTheOrderOfTheInputs(BatchFlavour flavour) throws Exception {
    List<List<Integer>> bundleOrders = new CopyOnWriteArrayList<>();
    TestBackend backend =
        new TestBackend()
            .closeGate()
            .binder(
                (output, bundles) -> {
                  bundleOrders.add(bundles.stream().map(Bundle::value).toList());
                  Flavour.BIND_FROM_MAP.accept(output, bundles);
                });
    try (var executor = flavour.create(NO_WAIT, backend)) {
      CompletableFuture<String> first = executor.submit(0);
      backend.awaitFirstBatch();
      List<CompletableFuture<String>> later = new ArrayList<>();
      for (int i = 9; i >= 1; i--) {
        later.add(executor.submit(i));
        executor.awaitPending(10 - i);
      }
      backend.open();
      for (CompletableFuture<String> call : later) {
        get(call);
      }
      get(first);
      assertThat(backend.batches().get(1)).containsExactly(9, 8, 7, 6, 5, 4, 3, 2, 1);
      if (flavour.takesTheTestsBinder()) {
        Await.until(() -> bundleOrders.size() == 2, () -> "bindings: " + bundleOrders);
        // two batches may bind at the same time: the next one starts when doExecute returns
        assertThat(bundleOrders).containsExactlyInAnyOrderElementsOf(backend.batches());
      }
    }
  }

  @ParameterizedTest
  @MethodSource(ALL)
  void batchesAreSplitAtMaxBatchSize(BatchFlavour flavour) throws Exception {
    TestBackend backend = new TestBackend().closeGate();
    CollapseExecutorOptions options = NO_WAIT.toBuilder().maxBatchSize(10).build();
    try (var executor = flavour.create(options, backend)) {
      CompletableFuture<String> first = executor.submit(0);
      backend.awaitFirstBatch();
      List<CompletableFuture<String>> later = new ArrayList<>();
      for (int i = 1; i <= 25; i++) {
        later.add(executor.submit(i));
      }
      executor.awaitPending(25);
      backend.open();
      for (int i = 1; i <= 25; i++) {
        assertThat(get(later.get(i - 1))).isEqualTo("v" + i);
      }
      get(first);
      assertThat(backend.batches()).extracting(List::size).containsExactly(1, 10, 10, 5);
    }
  }

  @ParameterizedTest
  @MethodSource(ALL)
  void neverRunsMoreBatchesAtOnceThanAllowed(BatchFlavour flavour) throws Exception {
    TestBackend backend = new TestBackend().closeGate();
    CollapseExecutorOptions options =
        NO_WAIT.toBuilder()
            .maxBatchSize(1)
            .maxConcurrentBatches(3)
            .adaptiveConcurrency(false)
            .build();
    try (var executor = flavour.create(options, backend)) {
      List<CompletableFuture<String>> calls = new ArrayList<>();
      for (int i = 0; i < 10; i++) {
        calls.add(executor.submit(i));
      }
      Await.until(() -> backend.running.get() == 3, () -> "running " + backend.running);
      executor.awaitPending(7);
      backend.open();
      for (int i = 0; i < 10; i++) {
        assertThat(get(calls.get(i))).isEqualTo("v" + i);
      }
      assertThat(backend.maxRunning.get()).isEqualTo(3);
      assertThat(backend.batches()).hasSize(10);
    }
  }

  /** The adaptive limit has seen no latency yet: the backend gets one batch until it has. */
  @ParameterizedTest
  @MethodSource(ALL)
  void anAdaptiveLimitStartsWithOneBatchInFlight(BatchFlavour flavour) throws Exception {
    TestBackend backend = new TestBackend().closeGate();
    CollapseExecutorOptions options = NO_WAIT.toBuilder().maxConcurrentBatches(3).build();
    try (var executor = flavour.create(options, backend)) {
      List<CompletableFuture<String>> calls = new ArrayList<>();
      for (int i = 0; i < 5; i++) {
        calls.add(executor.submit(i));
      }
      Await.until(() -> backend.running.get() == 1, () -> "running " + backend.running);
      executor.awaitPending(4);
      backend.open();
      for (int i = 0; i < 5; i++) {
        assertThat(get(calls.get(i))).isEqualTo("v" + i);
      }
      assertThat(backend.maxRunning.get()).isEqualTo(1);
      assertThat(backend.batches()).extracting(List::size).containsExactly(1, 4);
    }
  }

  /**
   * The adaptive limit learns from each batch's latency once, measured until the output is there:
   * in the future flavour that is when the returned future completes, not when doExecute returns.
   */
  @ParameterizedTest
  @MethodSource(ALL)
  void eachBatchTellsTheAdaptiveLimitItsLatencyOnce(BatchFlavour flavour) throws Exception {
    long backendMillis = 20;
    TestBackend backend =
        new TestBackend()
            .behaviour(
                inputs -> {
                  Thread.sleep(backendMillis);
                  return TestBackend.lookup(inputs);
                });
    try (var executor = flavour.create(NO_WAIT, backend)) {
      for (int i = 0; i < 3; i++) {
        assertThat(get(executor.submit(i))).isEqualTo("v" + i);
      }
      BatchLimit limit = EngineInternals.limitOf((BatchExecutorBase<?, ?>) executor.executor);
      List<long[]> samples = EngineInternals.drainSamples(limit);
      assertThat(samples)
          .hasSize(3)
          .allSatisfy(
              sample -> {
                assertThat(sample[0]).as("level of a lone batch").isEqualTo(1);
                assertThat(sample[1])
                    .isGreaterThanOrEqualTo(TimeUnit.MILLISECONDS.toNanos(backendMillis));
              });
      assertThat(EngineInternals.inBackend(limit)).isZero();
    }
  }

  /** A batch that fails leaves the backend in the limit's count, and its latency says nothing. */
  @ParameterizedTest
  @MethodSource(ALL)
  void aFailedBatchLeavesTheBackendWithoutTeachingTheLimit(BatchFlavour flavour) throws Exception {
    TestBackend backend =
        new TestBackend()
            .behaviour(
                inputs -> {
                  throw new IOException("connection reset");
                });
    try (var executor = flavour.create(NO_WAIT, backend)) {
      for (int i = 0; i < 3; i++) {
        assertThat(failureOf(executor.submit(i))).isNotNull();
      }
      BatchLimit limit = EngineInternals.limitOf((BatchExecutorBase<?, ?>) executor.executor);
      assertThat(EngineInternals.inBackend(limit)).isZero();
      assertThat(EngineInternals.drainSamples(limit)).isEmpty();
    }
  }

  @ParameterizedTest
  @MethodSource(ALL)
  void inputsOfDifferentGroupsNeverShareABatch(BatchFlavour flavour) throws Exception {
    TestBackend backend = new TestBackend().closeGate();
    CollapseExecutorOptions options =
        NO_WAIT.toBuilder().inputGrouper((Integer i) -> i % 2 == 0 ? "even" : "odd").build();
    try (var executor = flavour.create(options, backend)) {
      CompletableFuture<String> first = executor.submit(100);
      backend.awaitFirstBatch();
      List<CompletableFuture<String>> later = new ArrayList<>();
      for (int i = 1; i <= 10; i++) {
        later.add(executor.submit(i));
      }
      executor.awaitPending(10);
      backend.open();
      for (int i = 1; i <= 10; i++) {
        assertThat(get(later.get(i - 1))).isEqualTo("v" + i);
      }
      get(first);
      assertThat(backend.batches()).hasSize(3);
      assertThat(backend.batches().subList(1, 3))
          .allSatisfy(batch -> assertThat(batch.stream().map(i -> i % 2).distinct()).hasSize(1));
    }
  }

  @ParameterizedTest
  @MethodSource(ALL)
  void anUnboundInputFailsAloneWithAnErrorNamingExecutorAndInput(BatchFlavour flavour)
      throws Exception {
    assumeBindingOutputOfTheTest(flavour);
    TestBackend backend =
        new TestBackend()
            .closeGate()
            .binder(
                (output, bundles) ->
                    bundles.stream()
                        .filter(b -> b.value() != 42)
                        .forEach(b -> b.bindOutput(output.get(b.value()))));
    CollapseExecutorOptions options = NO_WAIT.toBuilder().name("users").build();
    try (var executor = flavour.create(options, backend)) {
      CompletableFuture<String> first = executor.submit(1);
      backend.awaitFirstBatch();
      CompletableFuture<String> missing = executor.submit(42);
      CompletableFuture<String> other = executor.submit(2);
      executor.awaitPending(2);
      backend.open();

      assertThat(get(first)).isEqualTo("v1");
      assertThat(get(other)).isEqualTo("v2");
      assertThat(failureOf(missing))
          .isInstanceOf(IllegalStateException.class)
          .hasMessage("bindingOutput of users did not bind an output for input 42");
    }
  }

  @ParameterizedTest
  @MethodSource(ALL)
  void aFailedBundleFailsOnlyItsOwnCaller(BatchFlavour flavour) throws Exception {
    assumeBindingOutputOfTheTest(flavour);
    TestBackend backend =
        new TestBackend()
            .closeGate()
            .binder(
                (output, bundles) ->
                    bundles.forEach(
                        b -> {
                          if (b.value() == 13) {
                            b.fail(new IllegalArgumentException("no such user 13"));
                          } else {
                            b.bindOutput(output.get(b.value()));
                          }
                        }));
    try (var executor = flavour.create(NO_WAIT, backend)) {
      CompletableFuture<String> first = executor.submit(1);
      backend.awaitFirstBatch();
      CompletableFuture<String> bad = executor.submit(13);
      CompletableFuture<String> good = executor.submit(14);
      executor.awaitPending(2);
      backend.open();

      assertThat(get(first)).isEqualTo("v1");
      assertThat(get(good)).isEqualTo("v14");
      assertThat(failureOf(bad))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage("no such user 13");
    }
  }

  @ParameterizedTest
  @MethodSource(ALL)
  void anExceptionFromBindingOutputFailsEveryInputStillUnbound(BatchFlavour flavour)
      throws Exception {
    assumeBindingOutputOfTheTest(flavour);
    IllegalStateException boom = new IllegalStateException("binding broke");
    TestBackend backend =
        new TestBackend()
            .closeGate()
            .binder(
                (output, bundles) -> {
                  bundles.get(0).bindOutput(output.get(bundles.get(0).value()));
                  throw boom;
                });
    try (var executor = flavour.create(NO_WAIT, backend)) {
      CompletableFuture<String> first = executor.submit(1);
      backend.awaitFirstBatch();
      CompletableFuture<String> a = executor.submit(2);
      executor.awaitPending(1);
      CompletableFuture<String> b = executor.submit(3);
      executor.awaitPending(2);
      backend.open();

      assertThat(get(first)).isEqualTo("v1");
      assertThat(get(a)).isEqualTo("v2");
      assertThat(failureOf(b)).isSameAs(boom);
    }
  }

  @ParameterizedTest
  @MethodSource(ALL)
  void bindingTheSameBundleTwiceIsRefusedAndTheFirstOutputStands(BatchFlavour flavour)
      throws Exception {
    assumeBindingOutputOfTheTest(flavour);
    List<Throwable> refusals = new CopyOnWriteArrayList<>();
    TestBackend backend =
        new TestBackend()
            .binder(
                (output, bundles) ->
                    bundles.forEach(
                        b -> {
                          b.bindOutput("first");
                          try {
                            b.bindOutput("second");
                          } catch (IllegalStateException e) {
                            refusals.add(e);
                          }
                        }));
    try (var executor = flavour.create(NO_WAIT, backend)) {
      assertThat(get(executor.submit(1))).isEqualTo("first");
      // the caller may wake before the binder tries again
      Await.until(() -> !refusals.isEmpty(), () -> "no refusal");
      assertThat(refusals)
          .singleElement()
          .extracting(Throwable::getMessage)
          .asString()
          .contains("already bound")
          .contains("input 1");
    }
  }

  @ParameterizedTest
  @MethodSource(ALL)
  void anUncheckedBatchFailureReachesEveryCallerAsThrown(BatchFlavour flavour) throws Exception {
    IllegalArgumentException boom = new IllegalArgumentException("backend down");
    TestBackend backend =
        new TestBackend()
            .closeGate()
            .behaviour(
                inputs -> {
                  throw boom;
                });
    try (var executor = flavour.create(NO_WAIT, backend)) {
      CompletableFuture<String> first = executor.submit(1);
      backend.awaitFirstBatch();
      CompletableFuture<String> second = executor.submit(2);
      executor.awaitPending(1);
      backend.open();
      assertThat(failureOf(first)).isSameAs(boom);
      assertThat(failureOf(second)).isSameAs(boom);
    }
  }

  @ParameterizedTest
  @MethodSource(ALL)
  void aCheckedBatchFailureKeepsTheOriginalAsCause(BatchFlavour flavour) throws Exception {
    IOException boom = new IOException("connection reset");
    TestBackend backend =
        new TestBackend()
            .behaviour(
                inputs -> {
                  throw boom;
                });
    try (var executor = flavour.create(NO_WAIT, backend)) {
      Throwable failure = failureOf(executor.submit(1));
      if (flavour.wrapsCheckedExceptions()) {
        assertThat(failure).isInstanceOf(CollapseExecutionException.class).hasCause(boom);
      } else {
        assertThat(failure).isSameAs(boom);
      }
    }
  }

  @ParameterizedTest
  @MethodSource(ALL)
  void nullInputIsRefusedAtSubmissionNamingTheParameter(BatchFlavour flavour) throws Exception {
    try (var executor = flavour.create(NO_WAIT, new TestBackend())) {
      Throwable failure = catchFailure(() -> executor.submit(null));
      assertThat(failure).isInstanceOf(NullPointerException.class).hasMessage("input");
    }
  }

  @ParameterizedTest
  @MethodSource(ALL)
  void callsBeyondThePendingBoundAreRejectedAtSubmission(BatchFlavour flavour) throws Exception {
    AtomicInteger rejections = new AtomicInteger();
    TestBackend backend = new TestBackend().closeGate();
    CollapseExecutorOptions options =
        NO_WAIT.toBuilder()
            .name("bounded")
            .maxPendingInputs(2)
            .listener(
                new CollapseListener() {
                  @Override
                  public void callRejected(String executorName) {
                    assertThat(executorName).isEqualTo("bounded");
                    rejections.incrementAndGet();
                  }
                })
            .build();
    try (var executor = flavour.create(options, backend)) {
      CompletableFuture<String> running = executor.submit(0);
      backend.awaitFirstBatch();
      CompletableFuture<String> a = executor.submit(1);
      CompletableFuture<String> b = executor.submit(2);
      executor.awaitPending(2);

      Throwable rejected = catchFailure(() -> executor.submit(3));
      assertThat(rejected)
          .isInstanceOf(RejectedExecutionException.class)
          .hasMessageContaining("bounded")
          .hasMessageContaining("maxPendingInputs");
      assertThat(rejections).hasValue(1);

      backend.open();
      assertThat(get(running)).isEqualTo("v0");
      assertThat(get(a)).isEqualTo("v1");
      assertThat(get(b)).isEqualTo("v2");
    }
  }

  @ParameterizedTest
  @MethodSource(ALL)
  void closeRefusesNewCallsButRunsTheAcceptedOnes(BatchFlavour flavour) throws Exception {
    TestBackend backend = new TestBackend().closeGate();
    try (var executor = flavour.create(NO_WAIT, backend)) {
      CompletableFuture<String> running = executor.submit(0);
      backend.awaitFirstBatch();
      CompletableFuture<String> queued = executor.submit(1);
      executor.awaitPending(1);

      executor.executor.close();
      executor.executor.close();
      Throwable refused = catchFailure(() -> executor.submit(2));
      assertThat(refused).isInstanceOf(IllegalStateException.class).hasMessageContaining("closed");

      backend.open();
      assertThat(get(running)).isEqualTo("v0");
      assertThat(get(queued)).isEqualTo("v1");
    }
  }

  @ParameterizedTest
  @MethodSource(ALL)
  void theListenerHearsOfEveryBatch(BatchFlavour flavour) throws Exception {
    List<BatchReport> reports = new CopyOnWriteArrayList<>();
    IllegalStateException boom = new IllegalStateException("boom");
    AtomicInteger calls = new AtomicInteger();
    TestBackend backend =
        new TestBackend()
            .behaviour(
                inputs -> {
                  if (calls.incrementAndGet() == 2) {
                    throw boom;
                  }
                  return TestBackend.lookup(inputs);
                });
    CollapseExecutorOptions options =
        NO_WAIT.toBuilder()
            .name("reported")
            .listener(
                new CollapseListener() {
                  @Override
                  public void batchCompleted(BatchReport report) {
                    reports.add(report);
                  }
                })
            .build();
    try (var executor = flavour.create(options, backend)) {
      get(executor.submit(1));
      failureOf(executor.submit(2));
      Await.until(() -> reports.size() == 2, () -> "reports " + reports);
      reports.sort(Comparator.comparing(BatchReport::succeeded).reversed());
      assertThat(reports.get(0))
          .satisfies(
              r -> {
                assertThat(r.executorName()).isEqualTo("reported");
                assertThat(r.size()).isEqualTo(1);
                assertThat(r.succeeded()).isTrue();
                assertThat(r.collectNanos()).isNotNegative();
                assertThat(r.executeNanos()).isNotNegative();
              });
      assertThat(reports.get(1).failure()).isSameAs(boom);
    }
  }

  @ParameterizedTest
  @MethodSource(WITH_FUTURES)
  void aCancelledCallerIsDroppedFromItsBatchWithoutDisturbingTheOthers(BatchFlavour flavour)
      throws Exception {
    TestBackend backend = new TestBackend().closeGate();
    try (var executor = flavour.create(NO_WAIT, backend)) {
      CompletableFuture<String> running = executor.submit(0);
      backend.awaitFirstBatch();
      CompletableFuture<String> cancelled = executor.submit(1);
      CompletableFuture<String> kept = executor.submit(2);
      executor.awaitPending(2);

      assertThat(cancelled.cancel(true)).isTrue();
      executor.awaitPending(1);
      backend.open();

      assertThat(get(running)).isEqualTo("v0");
      assertThat(get(kept)).isEqualTo("v2");
      assertThat(cancelled).isCancelled();
      assertThat(backend.batches()).containsExactly(List.of(0), List.of(2));
    }
  }

  @ParameterizedTest
  @MethodSource(WITH_FUTURES)
  void aCallerTimingOutOnItsFutureIsDroppedAndReported(BatchFlavour flavour) throws Exception {
    AtomicInteger timeouts = new AtomicInteger();
    TestBackend backend = new TestBackend().closeGate();
    CollapseExecutorOptions options =
        NO_WAIT.toBuilder()
            .listener(
                new CollapseListener() {
                  @Override
                  public void callTimedOut(String executorName) {
                    timeouts.incrementAndGet();
                  }
                })
            .build();
    try (var executor = flavour.create(options, backend)) {
      CompletableFuture<String> running = executor.submit(0);
      backend.awaitFirstBatch();
      CompletableFuture<String> impatient = executor.submit(1).orTimeout(1, TimeUnit.MILLISECONDS);
      assertThat(failureOf(impatient)).isInstanceOf(TimeoutException.class);
      executor.awaitPending(0);
      // the timer's thread drops the input once the future failed, and reports it after that
      Await.until(() -> timeouts.get() > 0, () -> "no timeout reported");
      backend.open();
      assertThat(get(running)).isEqualTo("v0");
      assertThat(timeouts).hasValue(1);
      assertThat(backend.batches()).containsExactly(List.of(0));
    }
  }

  @ParameterizedTest
  @MethodSource(WITH_FUTURES)
  void callerFuturesAreIndependent(BatchFlavour flavour) throws Exception {
    TestBackend backend = new TestBackend().closeGate();
    try (var executor = flavour.create(NO_WAIT, backend)) {
      CompletableFuture<String> running = executor.submit(0);
      backend.awaitFirstBatch();
      CompletableFuture<String> a = executor.submit(1);
      CompletableFuture<String> b = executor.submit(2);
      executor.awaitPending(2);
      // a caller's own completion does not complete anybody else's future
      a.complete("mine");
      backend.open();
      assertThat(get(b)).isEqualTo("v2");
      assertThat(get(a)).isEqualTo("mine");
      assertThat(get(running)).isEqualTo("v0");
    }
  }

  @ParameterizedTest
  @MethodSource(ALL)
  void aCollectingWaitGathersArrivalsUntilItsDeadline(BatchFlavour flavour) throws Exception {
    TestBackend backend = new TestBackend();
    CollapseExecutorOptions options =
        CollapseExecutorOptions.builder()
            .waitThreshold(1)
            .collectingWaitTime(Duration.ofSeconds(2))
            .build();
    try (var executor = flavour.create(options, backend)) {
      List<CompletableFuture<String>> calls = new ArrayList<>();
      for (int i = 0; i < 5; i++) {
        calls.add(executor.submit(i));
      }
      for (int i = 0; i < 5; i++) {
        assertThat(get(calls.get(i))).isEqualTo("v" + i);
      }
      // five submissions take far less than the window, even on a busy machine that has to start
      // a thread for each blocking caller, so one batch holds them all
      assertThat(backend.batches()).hasSize(1);
    }
  }

  @ParameterizedTest
  @MethodSource(ALL)
  void aBatchBelowTheWaitThresholdDoesNotWait(BatchFlavour flavour) throws Exception {
    TestBackend backend = new TestBackend();
    CollapseExecutorOptions options =
        CollapseExecutorOptions.builder()
            .waitThreshold(10)
            .collectingWaitTime(Duration.ofMinutes(5))
            .build();
    try (var executor = flavour.create(options, backend)) {
      // would time out the test if a lone call waited for the collecting window
      assertThat(get(executor.submit(1))).isEqualTo("v1");
    }
  }

  @ParameterizedTest
  @MethodSource(ALL)
  void aFullBatchStopsCollectingBeforeItsDeadline(BatchFlavour flavour) throws Exception {
    TestBackend backend = new TestBackend();
    CollapseExecutorOptions options =
        CollapseExecutorOptions.builder()
            .waitThreshold(1)
            .maxBatchSize(3)
            .collectingWaitTime(Duration.ofMinutes(5))
            .build();
    try (var executor = flavour.create(options, backend)) {
      List<CompletableFuture<String>> calls = new ArrayList<>();
      for (int i = 0; i < 3; i++) {
        calls.add(executor.submit(i));
      }
      for (int i = 0; i < 3; i++) {
        assertThat(get(calls.get(i))).isEqualTo("v" + i);
      }
      // blocking callers submit from threads of their own, in any order
      assertThat(backend.batches())
          .singleElement()
          .satisfies(batch -> assertThat(batch).containsExactlyInAnyOrder(0, 1, 2));
    }
  }

  /**
   * Skips a case about a {@code bindingOutput} the test writes: the executors of batch functions
   * bind for themselves, and {@link BatchFunctionTest} holds their own cases.
   */
  private static void assumeBindingOutputOfTheTest(BatchFlavour flavour) {
    assumeTrue(flavour.takesTheTestsBinder(), "the executor binds the outputs itself");
  }

  /** Returns how a submission failed: thrown at once, or (blocking flavour) through its future. */
  private static Throwable catchFailure(Supplier<CompletableFuture<String>> submission) {
    CompletableFuture<String> future;
    try {
      future = submission.get();
    } catch (Throwable t) {
      return t;
    }
    return failureOf(future);
  }
}
