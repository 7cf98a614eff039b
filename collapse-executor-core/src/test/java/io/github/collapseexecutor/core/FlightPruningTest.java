package io.github.collapseexecutor.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A flight whose run takes very long drops the callers that gave up on it, and never one that
 * still waits. Without pruning, a run that never ends would hold every caller that ever joined it
 * and left after its wait timeout: a request's worth of memory for each.
 */
@Timeout(30)
final class FlightPruningTest {

  private static final String KEY = "key";
  private static final String RESULT = "result";

  private final FlightMap flights = new FlightMap("pruning", CollapseListener.NONE);
  private final ExecutorService threads = Executors.newFixedThreadPool(4);

  @AfterEach
  void stopThreads() {
    threads.shutdownNow();
  }

  @Test
  void callersThatLeaveOneAfterAnotherAreDroppedWhileTheRunGoesOn() {
    Flight flight = start();
    CompletableFuture<Object> leader = flight.newCaller();

    for (int i = 0; i < 10_000; i++) {
      join(flight).cancel(/* mayInterruptIfRunning= */ false);
    }

    // the leader, the head (kept even when it left), and those left since the last pruning
    assertThat(EngineInternals.listedCallers(flight))
        .isLessThanOrEqualTo(Flight.PRUNE_AFTER_LEFT + 2);
    flights.complete(KEY, flight, RESULT, null);
    assertThat(leader).isCompletedWithValue(RESULT);
  }

  @Test
  void blockedCallersWhoseTimeRunsOutAreDroppedWhileTheRunGoesOn() throws Exception {
    Flight flight = start();

    for (int i = 0; i < 1_000; i++) {
      assertThat(flights.joinOrStart(KEY, flights.newFlight())).isSameAs(flight);
      assertThat(flight.awaitCompletion(/* timeoutNanos= */ 0, System.nanoTime())).isFalse();
    }

    assertThat(EngineInternals.listedCallers(flight))
        .isLessThanOrEqualTo(Flight.PRUNE_AFTER_LEFT + 2);
    CompletableFuture<Object> late = join(flight);
    flights.complete(KEY, flight, RESULT, null);
    assertThat(late).isCompletedWithValue(RESULT);
  }

  @Test
  void aBlockedCallerWakesWithTheOutcome() throws Exception {
    Flight flight = start();
    assertThat(flights.joinOrStart(KEY, flights.newFlight())).isSameAs(flight);
    Future<Object> blocked =
        threads.submit(
            () -> {
              assertThat(flight.awaitCompletion(/* timeoutNanos= */ -1, 0L)).isTrue();
              return flight.outcome();
            });

    flights.complete(KEY, flight, RESULT, null);

    assertThat(blocked.get(10, TimeUnit.SECONDS)).isEqualTo(RESULT);
  }

  @Test
  void callersThatLeaveAfterAllJoinedAreDroppedOnceTheyOutnumberTheWaiting() {
    Flight flight = start();
    CompletableFuture<Object> leader = flight.newCaller();
    List<CompletableFuture<Object>> joined = new ArrayList<>();
    for (int i = 0; i < 10_000; i++) {
      joined.add(join(flight));
    }

    joined.forEach(caller -> caller.cancel(/* mayInterruptIfRunning= */ false));

    assertThat(EngineInternals.listedCallers(flight))
        .isLessThanOrEqualTo(Flight.PRUNE_AFTER_LEFT + 2);
    flights.complete(KEY, flight, RESULT, null);
    assertThat(leader).isCompletedWithValue(RESULT);
  }

  @Test
  void pruningKeepsEveryCallerStillWaitingInTheOrderTheyJoined() {
    Flight flight = start();
    List<CompletableFuture<Object>> joined = new ArrayList<>();
    for (int i = 0; i < 3_000; i++) {
      joined.add(join(flight));
    }
    List<CompletableFuture<Object>> waiting = new ArrayList<>();
    for (int i = 0; i < joined.size(); i++) {
      // two of every three leave, in an order unlike the list's
      if (i % 3 == 0) {
        waiting.add(joined.get(i));
      }
    }
    for (int i = joined.size() - 1; i >= 0; i--) {
      if (i % 3 != 0) {
        joined.get(i).cancel(/* mayInterruptIfRunning= */ false);
      }
    }
    // no more callers that left than still wait, past the few a pruning waits for
    assertThat(EngineInternals.listedCallers(flight))
        .isLessThanOrEqualTo(2 * (waiting.size() + 1) + Flight.PRUNE_AFTER_LEFT);
    List<CompletableFuture<Object>> answered = new ArrayList<>();
    waiting.forEach(caller -> caller.thenRun(() -> answered.add(caller)));

    flights.complete(KEY, flight, RESULT, null);

    assertThat(answered).containsExactlyElementsOf(waiting);
    waiting.forEach(caller -> assertThat(caller).isCompletedWithValue(RESULT));
  }

  /**
   * Callers join and leave on four threads while the run completes: every caller that did not
   * leave gets the run's result, whether its leave, its join or a pruning raced the completion.
   */
  @RepeatedTest(50)
  void callersJoiningAndLeavingWhileTheRunCompletesAreEachAnsweredOrLeft() throws Exception {
    Flight flight = start();
    int perThread = 2_000;
    CountDownLatch go = new CountDownLatch(1);
    CountDownLatch halfway = new CountDownLatch(4);
    List<Future<List<CompletableFuture<Object>>>> kept = new ArrayList<>();
    for (int t = 0; t < 4; t++) {
      kept.add(
          threads.submit(
              () -> {
                go.await();
                List<CompletableFuture<Object>> stayed = new ArrayList<>();
                for (int i = 0; i < perThread; i++) {
                  if (i == perThread / 2) {
                    halfway.countDown();
                  }
                  Flight got = flights.joinOrStart(KEY, flights.newFlight());
                  if (got != flight) {
                    break; // the run completed: later callers start runs of their own
                  }
                  CompletableFuture<Object> caller = got.newCaller();
                  if (ThreadLocalRandom.current().nextInt(4) == 0) {
                    stayed.add(caller);
                  } else {
                    caller.cancel(/* mayInterruptIfRunning= */ false);
                  }
                }
                return stayed;
              }));
    }
    go.countDown();
    assertThat(halfway.await(10, TimeUnit.SECONDS)).isTrue();
    flights.complete(KEY, flight, RESULT, null);

    for (Future<List<CompletableFuture<Object>>> stayed : kept) {
      for (CompletableFuture<Object> caller : stayed.get(10, TimeUnit.SECONDS)) {
        assertThat(caller).isCompletedWithValue(RESULT);
      }
    }
  }

  private Flight start() {
    Flight flight = flights.newFlight();
    assertThat(flights.joinOrStart(KEY, flight)).isSameAs(flight);
    return flight;
  }

  private CompletableFuture<Object> join(Flight flight) {
    assertThat(flights.joinOrStart(KEY, flights.newFlight())).isSameAs(flight);
    return flight.newCaller();
  }
}
