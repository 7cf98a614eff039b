package io.github.collapseexecutor.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.collapseexecutor.core.CollapseListener.BatchReport;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The JDK Flight Recorder events: a real recording enables them, the executors run, and the
 * recording file is read back as {@code jfr print} would read it.
 */
@Timeout(60)
final class FlightRecorderEventsTest {

  private static final String BATCH = "io.github.collapseexecutor.Batch";
  private static final String DROPPED = "io.github.collapseexecutor.CallDropped";

  private static final CollapseExecutorOptions NO_WAIT =
      CollapseExecutorOptions.builder().collectingWaitTime(CollapseExecutorOptions.NO_WAIT).build();

  @TempDir Path dir;

  @ParameterizedTest
  @EnumSource(Flavour.class)
  void aBatchIsRecordedWithItsExecutorSizeTimesAndOutcome(Flavour flavour) throws Exception {
    TestBackend backend = new TestBackend().closeGate();
    List<RecordedEvent> events;
    try (Recording recording = enabled(BATCH)) {
      Reported reported = new Reported(3);
      try (var executor = flavour.create(reported.options("users"), backend)) {
        CompletableFuture<String> first = executor.submit(1);
        backend.awaitFirstBatch();
        CompletableFuture<String> second = executor.submit(2);
        CompletableFuture<String> third = executor.submit(3);
        executor.awaitPending(2);
        backend.open();
        assertThat(List.of(get(first), get(second), get(third))).containsExactly("v1", "v2", "v3");
        reported.await();
      }
      events = read(recording, BATCH, "users");
    }

    assertThat(events).extracting(e -> e.getInt("size")).containsExactlyInAnyOrder(1, 2);
    for (RecordedEvent event : events) {
      assertThat(event.getString("executor")).isEqualTo("users");
      assertThat(event.getString("kind")).isEqualTo("batch");
      assertThat(event.getString("outcome")).isEqualTo("succeeded");
      assertThat(event.getClass("failure")).isNull();
      assertThat(event.getDuration("executionTime")).isPositive();
      assertThat(event.getDuration("waitBeforeStart").isNegative()).isFalse();
    }
    // the second batch queued while the first one held the backend at the gate
    RecordedEvent queued =
        events.stream().filter(e -> e.getInt("size") == 2).findFirst().orElseThrow();
    assertThat(queued.getDuration("waitBeforeStart")).isPositive();
  }

  @ParameterizedTest
  @EnumSource(Flavour.class)
  void aBatchThatFailsAsAWholeIsRecordedWithItsFailure(Flavour flavour) throws Exception {
    TestBackend backend =
        new TestBackend()
            .behaviour(
                inputs -> {
                  throw new IOException("backend down");
                });
    List<RecordedEvent> events;
    try (Recording recording = enabled(BATCH)) {
      Reported reported = new Reported(1);
      try (var executor = flavour.create(reported.options("users"), backend)) {
        CompletableFuture<String> call = executor.submit(1);
        assertThatThrownBy(() -> get(call)).isInstanceOf(ExecutionException.class);
        reported.await();
      }
      events = read(recording, BATCH, "users");
    }

    assertThat(events)
        .singleElement()
        .satisfies(
            event -> {
              assertThat(event.getString("outcome")).isEqualTo("failed");
              assertThat(event.getClass("failure").getName())
                  .isEqualTo(IOException.class.getName());
            });
  }

  @ParameterizedTest
  @EnumSource(SameKeyFlavour.class)
  void aSharedRunIsRecordedWithHowManyCallersItServed(SameKeyFlavour flavour) throws Exception {
    CountDownLatch started = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    List<RecordedEvent> events;
    try (Recording recording = enabled(BATCH)) {
      Reported reported = new Reported(2);
      try (var executor = flavour.create(reported)) {
        CompletableFuture<String> leader =
            executor.submit(
                "k",
                () -> {
                  started.countDown();
                  assertThat(release.await(10, TimeUnit.SECONDS)).isTrue();
                  return "shared";
                });
        // the blocking flavour submits from threads of its own: the leader's run must have
        // started before the second call comes, and the second joined it before it ends
        assertThat(started.await(10, TimeUnit.SECONDS)).isTrue();
        CompletableFuture<String> joined = executor.submit("k", () -> "own");
        RunScopeTest.awaitJoined(executor, "k", 2);
        release.countDown();
        assertThat(get(leader)).isEqualTo("shared");
        assertThat(get(joined)).isEqualTo("shared");
        reported.await();
      }
      events = read(recording, BATCH, "same-key");
    }

    assertThat(events).extracting(e -> e.getInt("size")).containsExactly(2);
    for (RecordedEvent event : events) {
      assertThat(event.getString("executor")).isEqualTo("same-key");
      assertThat(event.getString("kind")).isEqualTo("same key");
      assertThat(event.getString("outcome")).isEqualTo("succeeded");
      assertThat(event.getDuration("waitBeforeStart")).isZero();
      assertThat(event.getDuration("executionTime").isNegative()).isFalse();
    }
  }

  @Test
  void aRejectedCallIsRecordedWithItsReason() throws Exception {
    TestBackend backend = new TestBackend().closeGate();
    CollapseExecutorOptions bounded =
        NO_WAIT.toBuilder().name("bounded").maxPendingInputs(1).build();
    List<RecordedEvent> events;
    try (Recording recording = enabled(DROPPED)) {
      try (var executor = Flavour.ASYNC.create(bounded, backend)) {
        CompletableFuture<String> running = executor.submit(0);
        backend.awaitFirstBatch();
        CompletableFuture<String> queued = executor.submit(1);
        executor.awaitPending(1);
        assertThatThrownBy(() -> executor.submit(2)).isInstanceOf(RejectedExecutionException.class);
        backend.open();
        assertThat(List.of(get(running), get(queued))).containsExactly("v0", "v1");
      }
      events = read(recording, DROPPED, "bounded");
    }

    assertThat(events)
        .singleElement()
        .satisfies(
            event -> {
              assertThat(event.getString("executor")).isEqualTo("bounded");
              assertThat(event.getString("reason")).isEqualTo("rejected");
            });
  }

  @Test
  void aCallerThatStopsWaitingAtItsTimeoutIsRecorded() throws Exception {
    CountDownLatch started = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    List<RecordedEvent> events;
    try (Recording recording = enabled(DROPPED)) {
      try (var executor =
          new BlockingCallableGroupCollapseExecutor("slow", CollapseListener.NONE)) {
        CompletableFuture<String> leader =
            CompletableFuture.supplyAsync(
                () ->
                    executor.execute(
                        "k",
                        () -> {
                          started.countDown();
                          release.await(10, TimeUnit.SECONDS);
                          return "late";
                        }));
        assertThat(started.await(10, TimeUnit.SECONDS)).isTrue();
        assertThatThrownBy(() -> executor.execute("k", () -> "own", Duration.ofMillis(50)))
            .isInstanceOf(CollapseTimeoutException.class);
        release.countDown();
        assertThat(get(leader)).isEqualTo("late");
      }
      events = read(recording, DROPPED, "slow");
    }

    assertThat(events)
        .singleElement()
        .satisfies(
            event -> {
              assertThat(event.getString("executor")).isEqualTo("slow");
              assertThat(event.getString("reason")).isEqualTo("timed out");
              assertThat(event.getStackTrace()).isNotNull();
            });
  }

  @Test
  void aRecordingStartedWhileTheExecutorRunsGetsItsNextEvents() throws Exception {
    List<RecordedEvent> events;
    try (var executor = new BlockingCallableGroupCollapseExecutor("early", CollapseListener.NONE)) {
      assertThat(executor.execute("k", () -> "before")).isEqualTo("before");
      try (Recording recording = enabled(BATCH)) {
        assertThat(executor.execute("k", () -> "during")).isEqualTo("during");
        events = read(recording, BATCH, "early");
      }
    }
    assertThat(events)
        .singleElement()
        .satisfies(event -> assertThat(event.getString("executor")).isEqualTo("early"));
  }

  @Test
  void eventsAreOffUnlessARecordingEnablesThem() throws Exception {
    List<RecordedEvent> events;
    try (Recording recording = new Recording()) {
      recording.start();
      try (var executor =
          new BlockingCallableGroupCollapseExecutor("quiet", CollapseListener.NONE)) {
        assertThat(executor.execute("k", () -> "v")).isEqualTo("v");
      }
      events = read(recording, BATCH, "quiet");
    }
    assertThat(events).isEmpty();
  }

  /**
   * Counts the calls that the listener's batch reports served. A report comes after the event is
   * committed and, in the async and future flavours, after the callers have their results: a
   * recording stopped before it could miss the event.
   */
  private static final class Reported implements CollapseListener {

    private final CountDownLatch calls;

    Reported(int calls) {
      this.calls = new CountDownLatch(calls);
    }

    CollapseExecutorOptions options(String name) {
      return NO_WAIT.toBuilder().name(name).listener(this).build();
    }

    @Override
    public void batchCompleted(BatchReport report) {
      for (int i = 0; i < report.size(); i++) {
        calls.countDown();
      }
    }

    void await() throws InterruptedException {
      assertThat(calls.await(10, TimeUnit.SECONDS)).as("calls reported").isTrue();
    }
  }

  private static Recording enabled(String event) {
    Recording recording = new Recording();
    recording.enable(event);
    recording.start();
    return recording;
  }

  /**
   * Stops the recording and returns its events of type {@code event} from the executor named
   * {@code executor}: an executor of an earlier test may still report a batch that its callers
   * no longer wait for, and a recording of the whole JVM would record it.
   */
  private List<RecordedEvent> read(Recording recording, String event, String executor)
      throws IOException {
    recording.stop();
    Path file = Files.createTempFile(dir, "collapse", ".jfr");
    recording.dump(file);
    return RecordingFile.readAllEvents(file).stream()
        .filter(e -> e.getEventType().getName().equals(event))
        .filter(e -> executor.equals(e.getString("executor")))
        .toList();
  }

  private static <T> T get(CompletableFuture<T> future) throws Exception {
    return future.get(10, TimeUnit.SECONDS);
  }
}
