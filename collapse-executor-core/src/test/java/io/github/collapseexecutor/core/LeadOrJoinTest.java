package io.github.collapseexecutor.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.collapseexecutor.core.FutureCallableGroupCollapseExecutor.Place;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The lead-or-join primitive of the future flavour ({@link FutureCallableGroupCollapseExecutor#join}):
 * a caller learns whether it leads a run, each caller leaves alone, and the work belongs to no
 * caller, the leader included.
 */
@Timeout(30)
final class LeadOrJoinTest {

  private static final String KEY = "key";
  private static final int CALLERS = 8;

  private final FutureCallableGroupCollapseExecutor executor =
      new FutureCallableGroupCollapseExecutor("lead-or-join", CollapseListener.NONE);
  private final ExecutorService threads = Executors.newFixedThreadPool(CALLERS);

  @AfterEach
  void stop() {
    threads.shutdownNow();
    executor.close();
  }

  /**
   * Hazard: two callers that join at the same moment both lead (two calls for one key) or
   * neither does (every caller waits for work nobody starts).
   */
  @RepeatedTest(20)
  void exactlyOneOfTheCallersThatJoinTogetherLeads() throws Exception {
    CyclicBarrier together = new CyclicBarrier(CALLERS);
    CompletableFuture<String> work = new CompletableFuture<>();
    AtomicInteger leaders = new AtomicInteger();
    List<Future<CompletableFuture<String>>> joined = new ArrayList<>();
    for (int i = 0; i < CALLERS; i++) {
      joined.add(
          threads.submit(
              () -> {
                together.await(10, TimeUnit.SECONDS);
                Place<String> place = executor.join(KEY);
                if (place.leads()) {
                  leaders.incrementAndGet();
                  place.lead(() -> work);
                }
                return place.future();
              }));
    }
    List<CompletableFuture<String>> futures = new ArrayList<>();
    for (Future<CompletableFuture<String>> each : joined) {
      futures.add(each.get(10, TimeUnit.SECONDS));
    }

    assertThat(leaders).hasValue(1);
    assertThat(futures).noneMatch(CompletableFuture::isDone);
    work.complete("shared");
    for (CompletableFuture<String> future : futures) {
      assertThat(future.get(10, TimeUnit.SECONDS)).isEqualTo("shared");
    }
  }

  @Test
  void aCallerThatArrivesAfterTheRunCompletedLeadsTheNextOne() {
    Place<String> first = executor.join(KEY);
    first.lead(() -> CompletableFuture.completedFuture("first"));

    Place<String> second = executor.join(KEY);

    assertThat(first.leads()).isTrue();
    assertThat(first.future()).isCompletedWithValue("first");
    assertThat(second.leads()).isTrue();
    assertThat(second.future()).isNotDone();
    second.lead(() -> CompletableFuture.completedFuture("second"));
    assertThat(second.future()).isCompletedWithValue("second");
  }

  /** Hazard: one caller's cancel or timeout ends the others' wait or the shared work. */
  @RepeatedTest(20)
  void aCallerThatLeavesLeavesAloneAndTheWorkGoesOn() throws Exception {
    CompletableFuture<String> work = new CompletableFuture<>();
    Place<String> leader = executor.join(KEY);
    leader.lead(() -> work);
    List<Place<String>> joiners = joinConcurrently(CALLERS - 1);
    CountDownLatch left = new CountDownLatch(joiners.size() / 2);
    for (int i = 0; i < joiners.size(); i += 2) {
      // half of the joiners leave, from threads of their own, while the others wait
      CompletableFuture<String> leaving = joiners.get(i).future();
      threads.execute(
          () -> {
            leaving.orTimeout(1, TimeUnit.NANOSECONDS);
            leaving.exceptionally(failure -> null).join();
            left.countDown();
          });
    }
    assertThat(left.await(10, TimeUnit.SECONDS)).isTrue();
    leader.future().cancel(/* mayInterruptIfRunning= */ false);

    assertThat(work).isNotDone();
    work.complete("shared");
    for (int i = 1; i < joiners.size(); i += 2) {
      assertThat(joiners.get(i).future().get(10, TimeUnit.SECONDS)).isEqualTo("shared");
    }
    assertThat(leader.future()).isCancelled();
  }

  /** Hazard: work nobody waits for goes on, or is cancelled while a caller still waits. */
  @RepeatedTest(20)
  void theWorkIsCancelledOnlyOnceEveryCallerLeft() throws Exception {
    CompletableFuture<String> work = new CompletableFuture<>();
    Place<String> leader = executor.join(KEY);
    leader.lead(() -> work);
    List<Place<String>> joiners = joinConcurrently(CALLERS - 1);
    Place<String> last = joiners.remove(joiners.size() - 1);
    leader.future().cancel(/* mayInterruptIfRunning= */ false);
    CountDownLatch left = new CountDownLatch(joiners.size());
    for (Place<String> joiner : joiners) {
      threads.execute(
          () -> {
            joiner.future().cancel(/* mayInterruptIfRunning= */ false);
            left.countDown();
          });
    }
    assertThat(left.await(10, TimeUnit.SECONDS)).isTrue();
    assertThat(work).isNotDone();

    last.future().cancel(/* mayInterruptIfRunning= */ false);

    assertThat(work).isCancelled();
    assertThat(executor.join(KEY).leads()).as("a new caller leads a new run").isTrue();
  }

  /**
   * Hazard: a leader that leaves before it starts the work hands over work that nobody waits for,
   * and nothing cancels it.
   */
  @Test
  void workStartedAfterEveryCallerLeftIsCancelledAtOnce() {
    Place<String> leader = executor.join(KEY);
    leader.future().cancel(/* mayInterruptIfRunning= */ false);
    CompletableFuture<String> work = new CompletableFuture<>();

    leader.lead(() -> work);

    assertThat(work).isCancelled();
  }

  /**
   * Hazard: the last caller leaves while the leader starts the work, and neither sees the other:
   * the work goes on for nobody.
   */
  @RepeatedTest(20)
  void workStartedWhileTheLastCallerLeavesIsCancelled() throws Exception {
    for (int i = 0; i < 100; i++) {
      Place<String> leader = executor.join(KEY + i);
      CompletableFuture<String> work = new CompletableFuture<>();
      CyclicBarrier together = new CyclicBarrier(2);
      Future<Boolean> leaving =
          threads.submit(
              () -> {
                together.await(10, TimeUnit.SECONDS);
                return leader.future().cancel(/* mayInterruptIfRunning= */ false);
              });
      together.await(10, TimeUnit.SECONDS);

      leader.lead(() -> work);

      assertThat(leaving.get(10, TimeUnit.SECONDS)).isTrue();
      assertThat(work).isCancelled();
    }
  }

  @Test
  void workThatThrowsFailsEveryCallerAndFreesTheKey() {
    Place<String> leader = executor.join(KEY);
    Place<String> joiner = executor.join(KEY);
    IllegalArgumentException thrown = new IllegalArgumentException("no such profile");

    leader.lead(
        () -> {
          throw thrown;
        });

    assertThat(joiner.leads()).isFalse();
    for (Place<String> place : List.of(leader, joiner)) {
      assertThatThrownBy(() -> place.future().get(10, TimeUnit.SECONDS))
          .isInstanceOf(ExecutionException.class)
          .hasCause(thrown);
    }
    assertThat(executor.join(KEY).leads()).isTrue();
  }

  @Test
  void workThatFailsFailsEveryCallerWithItsFailure() {
    CompletableFuture<String> work = new CompletableFuture<>();
    Place<String> leader = executor.join(KEY);
    leader.lead(() -> work);
    Place<String> joiner = executor.join(KEY);
    IllegalStateException failure = new IllegalStateException("backend down");

    work.completeExceptionally(failure);

    for (Place<String> place : List.of(leader, joiner)) {
      assertThatThrownBy(() -> place.future().get(10, TimeUnit.SECONDS))
          .isInstanceOf(ExecutionException.class)
          .hasCause(failure);
    }
  }

  @Test
  void workThatReturnsNoFutureFailsEveryCaller() {
    Place<String> leader = executor.join(KEY);
    Place<String> joiner = executor.join(KEY);

    leader.lead(() -> null);

    assertThatThrownBy(() -> joiner.future().get(10, TimeUnit.SECONDS))
        .isInstanceOf(ExecutionException.class)
        .hasCauseInstanceOf(NullPointerException.class)
        .hasMessageContaining("lead-or-join");
  }

  @Test
  void onlyTheLeaderStartsTheWorkAndOnlyOnce() {
    Place<String> leader = executor.join(KEY);
    Place<String> joiner = executor.join(KEY);
    CompletableFuture<String> work = new CompletableFuture<>();
    leader.lead(() -> work);

    assertThatThrownBy(() -> joiner.lead(() -> work))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("lead-or-join")
        .hasMessageContaining("cannot lead");
    assertThatThrownBy(() -> leader.lead(() -> work))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("started already");
    work.complete("once");
    assertThat(joiner.future()).isCompletedWithValue("once");
  }

  @Test
  void whileCollapsingIsOffEveryCallerLeads() {
    executor.setCollapsing(false);

    assertThat(executor.join(KEY).leads()).isTrue();
    assertThat(executor.join(KEY).leads()).isTrue();
  }

  @Test
  void aClosedExecutorRefusesToJoin() {
    executor.close();

    assertThatThrownBy(() -> executor.join(KEY))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("closed");
  }

  @Test
  void theWorkCannotJoinItsOwnRunOnItsThread() {
    Place<String> leader = executor.join(KEY);

    leader.lead(
        () -> {
          executor.join(KEY);
          return CompletableFuture.completedFuture("never");
        });

    assertThatThrownBy(() -> leader.future().get(10, TimeUnit.SECONDS))
        .isInstanceOf(ExecutionException.class)
        .hasCauseInstanceOf(IllegalStateException.class)
        .hasMessageContaining("its own result");
  }

  @Test
  void aJoinerThatCancelsLeavesTheLeadersFutureWaiting() {
    Place<String> leader = executor.join(KEY);
    CompletableFuture<String> work = new CompletableFuture<>();
    leader.lead(() -> work);
    Place<String> joiner = executor.join(KEY);

    joiner.future().cancel(/* mayInterruptIfRunning= */ false);

    assertThat(joiner.future()).isCancelled();
    assertThat(leader.future()).isNotDone();
    assertThat(work).isNotDone();
    work.complete("shared");
    assertThat(leader.future()).isCompletedWithValue("shared");
    assertThatThrownBy(() -> joiner.future().join()).isInstanceOf(CancellationException.class);
  }

  private List<Place<String>> joinConcurrently(int count) throws Exception {
    CyclicBarrier together = new CyclicBarrier(count);
    List<Future<Place<String>>> joining = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      joining.add(
          threads.submit(
              () -> {
                together.await(10, TimeUnit.SECONDS);
                return executor.<String>join(KEY);
              }));
    }
    List<Place<String>> joined = new ArrayList<>();
    for (Future<Place<String>> each : joining) {
      Place<String> place = each.get(10, TimeUnit.SECONDS);
      assertThat(place.leads()).as("a caller that joins a run in progress").isFalse();
      joined.add(place);
    }
    return joined;
  }
}
