package io.github.collapseexecutor.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.core.CollapseListener.BatchReport;
import io.github.collapseexecutor.core.CollapseListener.RunStart;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@link CollapseListener#runStarted}: every flavour tells the listener of a run on the thread that
 * is about to run its work, so that what the listener makes current there is current while the
 * work runs; tells it when the work returned, on that thread; and tells it of the end once the
 * callers are settled, which in the future flavours is when the work's future completes.
 */
@Timeout(30)
final class RunScopeTest {

  private static final CollapseExecutorOptions NO_WAIT =
      CollapseExecutorOptions.builder().collectingWaitTime(CollapseExecutorOptions.NO_WAIT).build();

  private static String get(CompletableFuture<String> future) throws Exception {
    return future.get(10, TimeUnit.SECONDS);
  }

  @ParameterizedTest
  @EnumSource(Flavour.class)
  void aBatchIsStartedOnItsThreadAndEndsOnlyOnceItsWorkIsDone(Flavour flavour) throws Exception {
    RecordingRuns runs = new RecordingRuns(1);
    AtomicReference<RunStart> seenInWork = new AtomicReference<>();
    TestBackend backend =
        new TestBackend()
            .closeGate()
            .behaviour(
                inputs -> {
                  seenInWork.set(RecordingRuns.CURRENT.get());
                  return TestBackend.lookup(inputs);
                });
    CollapseExecutorOptions options = NO_WAIT.toBuilder().name("users").listener(runs).build();
    try (var executor = flavour.create(options, backend)) {
      CompletableFuture<String> first = executor.submit(1);
      backend.awaitFirstBatch();

      // the backend is held: the future flavour's doExecute returned, the others' did not
      assertThat(runs.events())
          .isEqualTo(
              flavour == Flavour.FUTURE ? List.of("started", "returned") : List.of("started"));
      backend.open();

      assertThat(get(first)).isEqualTo("v1");
      runs.awaitEnded();
      assertThat(runs.events()).containsExactly("started", "returned", "ended");
      assertThat(runs.returnedOnOtherThread).isFalse();
      assertThat(runs.starts)
          .containsExactly(new RunStart("users", runFlavour(flavour), /* batch= */ true, 1));
      assertThat(runs.ended)
          .singleElement()
          .satisfies(
              report -> {
                assertThat(report.size()).isEqualTo(1);
                assertThat(report.succeeded()).isTrue();
              });
      if (flavour != Flavour.FUTURE) {
        // the future flavour's backend runs on a thread of the test's own
        assertThat(seenInWork.get()).isEqualTo(runs.starts.get(0));
      }
    }
  }

  @Test
  void theFutureFlavoursDoExecuteRunsWithTheRunCurrent() throws Exception {
    RecordingRuns runs = new RecordingRuns(1);
    AtomicReference<RunStart> seen = new AtomicReference<>();
    CompletableFuture<Map<Integer, String>> backend = new CompletableFuture<>();
    var executor =
        new CollapseExecutorFutureSupport<Integer, String, Map<Integer, String>>(
            NO_WAIT.toBuilder().listener(runs).build()) {
          @Override
          protected CompletableFuture<Map<Integer, String>> doExecute(
              Collection<Input<Integer>> inputs) {
            seen.set(RecordingRuns.CURRENT.get());
            return backend;
          }

          @Override
          protected void bindingOutput(
              Map<Integer, String> output, List<Bundle<Integer, String>> bundles) {
            Flavour.BIND_FROM_MAP.accept(output, bundles);
          }
        };
    try (executor) {
      CompletableFuture<String> call = executor.execute(7);
      assertThat(seen.get()).isNotNull();
      assertThat(RecordingRuns.CURRENT.get()).isNull();
      assertThat(runs.ended).isEmpty();

      backend.complete(Map.of(7, "seven"));

      assertThat(get(call)).isEqualTo("seven");
      runs.awaitEnded();
      assertThat(runs.events()).containsExactly("started", "returned", "ended");
    }
  }

  @ParameterizedTest
  @EnumSource(Flavour.class)
  void aFailedBatchEndsWithItsFailure(Flavour flavour) throws Exception {
    RecordingRuns runs = new RecordingRuns(1);
    IllegalStateException down = new IllegalStateException("down");
    TestBackend backend =
        new TestBackend()
            .behaviour(
                inputs -> {
                  throw down;
                });
    try (var executor = flavour.create(NO_WAIT.toBuilder().listener(runs).build(), backend)) {
      assertThat(executor.submit(1)).failsWithin(10, TimeUnit.SECONDS);
      runs.awaitEnded();
      assertThat(runs.events()).containsExactly("started", "returned", "ended");
      assertThat(runs.ended.get(0).failure()).isSameAs(down);
    }
  }

  @ParameterizedTest
  @EnumSource(SameKeyFlavour.class)
  void aSharedRunEndsWithEveryCallerThatJoinedIt(SameKeyFlavour flavour) throws Exception {
    RecordingRuns runs = new RecordingRuns(1);
    CountDownLatch started = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    AtomicReference<RunStart> seenInWork = new AtomicReference<>();
    try (var executor = flavour.create(runs)) {
      CompletableFuture<String> leader =
          executor.submit(
              "k",
              () -> {
                seenInWork.set(RecordingRuns.CURRENT.get());
                started.countDown();
                assertThat(release.await(10, TimeUnit.SECONDS)).isTrue();
                return "shared";
              });
      assertThat(started.await(10, TimeUnit.SECONDS)).isTrue();
      CompletableFuture<String> joiner = executor.submit("k", () -> "own");
      awaitJoined(executor, "k", 2);
      release.countDown();

      assertThat(get(leader)).isEqualTo("shared");
      assertThat(get(joiner)).isEqualTo("shared");
      runs.awaitEnded();
      assertThat(runs.events()).containsExactly("started", "returned", "ended");
      assertThat(runs.returnedOnOtherThread).isFalse();
      assertThat(runs.starts)
          .singleElement()
          .satisfies(
              run -> {
                assertThat(run.executorName()).isEqualTo("same-key");
                assertThat(run.flavour()).isEqualTo(RunStart.Flavour.valueOf(flavour.name()));
                assertThat(run.batch()).isFalse();
              });
      assertThat(runs.ended.get(0).size()).isEqualTo(2);
      if (flavour != SameKeyFlavour.FUTURE) {
        assertThat(seenInWork.get()).isEqualTo(runs.starts.get(0));
      }
    }
  }

  @Test
  void theFutureSameKeyFlavoursCallableRunsWithTheRunCurrentAndTheRunEndsWithItsFuture()
      throws Exception {
    RecordingRuns runs = new RecordingRuns(1);
    AtomicReference<RunStart> seen = new AtomicReference<>();
    CompletableFuture<String> work = new CompletableFuture<>();
    try (var executor = new FutureCallableGroupCollapseExecutor("profiles", runs)) {
      CompletableFuture<String> call =
          executor.execute(
              "k",
              () -> {
                seen.set(RecordingRuns.CURRENT.get());
                return work;
              });
      assertThat(seen.get())
          .isEqualTo(new RunStart("profiles", RunStart.Flavour.FUTURE, /* batch= */ false, 1));
      assertThat(runs.events()).containsExactly("started", "returned");

      work.complete("done");

      assertThat(get(call)).isEqualTo("done");
      runs.awaitEnded();
      assertThat(runs.events()).containsExactly("started", "returned", "ended");
    }
  }

  @Test
  void aRunWhoseCallersAllLeftEndsOnce() throws Exception {
    RecordingRuns runs = new RecordingRuns(1);
    CompletableFuture<String> work = new CompletableFuture<>();
    try (var executor = new FutureCallableGroupCollapseExecutor("profiles", runs)) {
      CompletableFuture<String> call = executor.execute("k", () -> work);

      call.cancel(/* mayInterruptIfRunning= */ false);

      runs.awaitEnded();
      assertThat(work).isCancelled();
      assertThat(runs.events()).containsExactly("started", "returned", "ended");
    }
  }

  @Test
  void nobodyListeningCostsNoRun() {
    assertThat(ListenedRun.start(CollapseListener.NONE, "x", RunStart.Flavour.BLOCKING, true, 1))
        .isNull();
    // a listener that keeps nothing of runs costs a run nothing past its start
    assertThat(
            ListenedRun.start(new CollapseListener() {}, "x", RunStart.Flavour.BLOCKING, true, 1))
        .isNull();
    ListenedRun.workReturned(null);
    ListenedRun.ended(null, new BatchReport("x", 1, 0, 0, null));
  }

  /** Waits until {@code count} callers joined the run of {@code group} (no latch can tell). */
  static void awaitJoined(SameKeyFlavour.Harness executor, Object group, int count) {
    FlightMap flights = ((GroupExecutorBase) executor.executor).flights;
    Await.until(
        () -> {
          Flight flight = EngineInternals.inFlight(flights, group);
          return flight != null && flight.joined() == count;
        },
        () -> "fewer than " + count + " callers joined " + group);
  }

  private static RunStart.Flavour runFlavour(Flavour flavour) {
    return RunStart.Flavour.valueOf(flavour.name());
  }
}
