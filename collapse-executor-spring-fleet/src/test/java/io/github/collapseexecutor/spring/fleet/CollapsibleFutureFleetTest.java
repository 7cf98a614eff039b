package io.github.collapseexecutor.spring.fleet;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.redis.FleetOptions;
import io.github.collapseexecutor.redis.FleetTestAccess;
import io.github.collapseexecutor.spring.fleet.FleetResults.Profile;
import io.github.collapseexecutor.testing.LocalRedis;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code @Collapsible(fleet = true)} methods returning a future or a {@code Mono} across two
 * instances of one application, two Spring contexts, that share the Redis on 127.0.0.1:6379
 * (skipped without it) and one backend, which answers on threads of its own. Each test calls the
 * methods from its own thread, which gets every caller's future at once: no caller's thread waits
 * for the backend or for the other instance.
 */
@Timeout(90)
final class CollapsibleFutureFleetTest {

  private static final String FUTURE = "future";
  private static final String MONO = "mono";

  /** How the threads of the Redis client (Lettuce's event loops and executors) are named. */
  private static final String REDIS_CLIENT = "lettuce-";

  @BeforeEach
  void redis() {
    LocalRedis.assumeRunning();
  }

  /**
   * Three callers on each instance: each instance's leader asks Redis, one of them calls the
   * backend, and all six get its answer. Neither the method nor what a caller chains to its
   * future runs on a thread of the Redis client, which answers the tier's commands.
   */
  @ParameterizedTest
  @ValueSource(strings = {FUTURE, MONO})
  void concurrentCallsOnTwoInstancesMakeOneBackendCall(String kind) throws Exception {
    FleetOptions options = FleetInstance.options().build();
    FleetBackend backend = new FleetBackend(/* held= */ 1);
    try (FleetInstance first = FleetInstance.coordinating(options, backend);
        FleetInstance second = FleetInstance.coordinating(options, backend)) {
      List<CompletableFuture<@Nullable Quote>> results = new ArrayList<>();
      results.add(quote(first, kind));
      backend.awaitEntered(1);
      results.add(quote(second, kind));
      FleetTestAccess.awaitWatching(second.coordinator(), 1);
      for (int i = 0; i < 2; i++) {
        results.add(quote(first, kind));
        results.add(quote(second, kind));
      }
      assertThat(results).allSatisfy(result -> assertThat(result).isNotDone());
      List<CompletableFuture<String>> completedOn =
          results.stream()
              .map(result -> result.thenApply(quote -> Thread.currentThread().getName()))
              .toList();

      backend.release();

      for (CompletableFuture<@Nullable Quote> result : results) {
        assertThat(result.get(30, TimeUnit.SECONDS)).isEqualTo(new Quote("ACME", null, 1));
      }
      assertThat(backend.calls().get()).isEqualTo(1);
      assertThat(backend.askedOn()).noneMatch(thread -> thread.startsWith(REDIS_CLIENT));
      assertThat(completedOn)
          .allSatisfy(
              thread ->
                  assertThat(thread.get(30, TimeUnit.SECONDS)).doesNotStartWith(REDIS_CLIENT));
      assertThat(first.coordinator().stats().led()).isEqualTo(1);
      assertThat(second.coordinator().stats().joined()).isEqualTo(1);
    }
  }

  /**
   * {@code fleet} on the named executor takes its methods that return a future or a
   * {@code Mono} through the fleet too.
   */
  @ParameterizedTest
  @ValueSource(strings = {FUTURE, MONO})
  void aNamedExecutorsFleetTakesItsFutureAndMonoMethodsAcross(String kind) throws Exception {
    FleetOptions options = FleetInstance.options().build();
    FleetBackend backend = new FleetBackend(/* held= */ 1);
    try (FleetInstance first = FleetInstance.coordinating(options, backend);
        FleetInstance second = FleetInstance.coordinating(options, backend)) {
      CompletableFuture<Quote> leader = onFleetExecutor(first, kind);
      backend.awaitEntered(1);
      CompletableFuture<Quote> waiter = onFleetExecutor(second, kind);
      FleetTestAccess.awaitWatching(second.coordinator(), 1);

      backend.release();

      assertThat(leader.get(30, TimeUnit.SECONDS)).isEqualTo(new Quote("ACME", null, 1));
      assertThat(waiter.get(30, TimeUnit.SECONDS)).isEqualTo(new Quote("ACME", null, 1));
      assertThat(backend.calls().get()).isEqualTo(1);
      assertThat(second.coordinator().stats().joined()).isEqualTo(1);
    }
  }

  /**
   * A value equal by id whose {@code @JsonIgnore}d field holds something: the caller on the other
   * instance could tell what JSON gives back from its own, so it does not cross, and that
   * instance makes its own call, on no thread of the Redis client.
   */
  @ParameterizedTest
  @ValueSource(strings = {FUTURE, MONO})
  void aValueAnotherInstancesCallerCouldTellFromItsOwnDoesNotCross(String kind) throws Exception {
    FleetOptions options = FleetInstance.options().build();
    FleetBackend backend = new FleetBackend(/* held= */ 1);
    try (FleetInstance first = FleetInstance.coordinating(options, backend);
        FleetInstance second = FleetInstance.coordinating(options, backend)) {
      CompletableFuture<Profile> leader = profile(first, kind);
      backend.awaitEntered(1);
      CompletableFuture<Profile> waiter = profile(second, kind);
      FleetTestAccess.awaitWatching(second.coordinator(), 1);

      backend.release();

      assertThat(leader.get(30, TimeUnit.SECONDS).note).isEqualTo("made by call 1");
      assertThat(waiter.get(30, TimeUnit.SECONDS).note).isEqualTo("made by call 2");
      assertThat(backend.calls().get()).isEqualTo(2);
      assertThat(second.coordinator().stats().unshared()).isEqualTo(1);
      assertThat(backend.askedOn()).hasSize(2).noneMatch(thread -> thread.startsWith(REDIS_CLIENT));
    }
  }

  /**
   * Hazard: a read that arrives after a write its instance completed takes the value of another
   * instance's run that started before the write, and goes back in time. It calls the method
   * itself instead.
   */
  @ParameterizedTest
  @ValueSource(strings = {FUTURE, MONO})
  void aReadAfterAWriteOnItsInstanceDoesNotTakeAnOlderRunOfAnother(String kind) throws Exception {
    FleetOptions options = FleetInstance.options().build();
    FleetBackend backend = new FleetBackend(/* held= */ 1);
    try (FleetInstance first = FleetInstance.coordinating(options, backend);
        FleetInstance second = FleetInstance.coordinating(options, backend)) {
      CompletableFuture<@Nullable Quote> led = quote(first, kind);
      backend.awaitEntered(1);
      second.quotes().trade("ACME");

      Quote own = quote(second, kind).get(30, TimeUnit.SECONDS);
      backend.release();

      assertThat(own).isEqualTo(new Quote("ACME", null, 2));
      assertThat(second.coordinator().stats().overtaken()).isEqualTo(1);
      assertThat(led.get(30, TimeUnit.SECONDS)).isEqualTo(new Quote("ACME", null, 1));
    }
  }

  /**
   * A run whose call fails fails its own callers only: the instance that waited for it makes its
   * own call, and gets its answer.
   */
  @ParameterizedTest
  @ValueSource(strings = {FUTURE, MONO})
  void aFailedCallIsNotSharedAndFailsOnlyItsOwnCallers(String kind) throws Exception {
    FleetOptions options = FleetInstance.options().build();
    FleetBackend backend = new FleetBackend(/* held= */ 1);
    backend.failOn(1);
    try (FleetInstance first = FleetInstance.coordinating(options, backend);
        FleetInstance second = FleetInstance.coordinating(options, backend)) {
      CompletableFuture<@Nullable Quote> leader = quote(first, kind);
      backend.awaitEntered(1);
      CompletableFuture<@Nullable Quote> beside = quote(first, kind);
      CompletableFuture<@Nullable Quote> waiter = quote(second, kind);
      FleetTestAccess.awaitWatching(second.coordinator(), 1);

      backend.release();

      assertThat(failure(leader)).hasMessage("backend call 1 failed");
      assertThat(failure(beside)).hasMessage("backend call 1 failed");
      assertThat(waiter.get(30, TimeUnit.SECONDS)).isEqualTo(new Quote("ACME", null, 2));
      assertThat(backend.calls().get()).isEqualTo(2);
    }
  }

  /**
   * A future of {@code null}, or an empty {@code Mono}, has no value to share: the instance that
   * waited for it makes its own call.
   */
  @ParameterizedTest
  @ValueSource(strings = {FUTURE, MONO})
  void noValueIsNotShared(String kind) throws Exception {
    FleetOptions options = FleetInstance.options().build();
    FleetBackend backend = new FleetBackend(/* held= */ 1);
    try (FleetInstance first = FleetInstance.coordinating(options, backend);
        FleetInstance second = FleetInstance.coordinating(options, backend)) {
      CompletableFuture<@Nullable Quote> leader = butFirst(first, kind);
      backend.awaitEntered(1);
      CompletableFuture<@Nullable Quote> waiter = butFirst(second, kind);
      FleetTestAccess.awaitWatching(second.coordinator(), 1);

      backend.release();

      assertThat(leader.get(30, TimeUnit.SECONDS)).isNull();
      assertThat(waiter.get(30, TimeUnit.SECONDS)).isEqualTo(new Quote("ACME", null, 2));
      assertThat(backend.calls().get()).isEqualTo(2);
    }
  }

  /**
   * The only caller of a run leaves while the backend still works on it: the method's future is
   * cancelled, and the end of the call reaches the tier at once, so the instance that waited for
   * it makes its own call rather than wait out the lease.
   */
  @ParameterizedTest
  @ValueSource(strings = {FUTURE, MONO})
  void aRunEveryCallerLeftIsCancelledAndFreesItsKey(String kind) throws Exception {
    // a lease far longer than the test waits: only the end of the cancelled call frees the key
    FleetOptions options = FleetInstance.options().leaseTime(Duration.ofMinutes(5)).build();
    FleetBackend backend = new FleetBackend(/* held= */ 1);
    try (FleetInstance first = FleetInstance.coordinating(options, backend);
        FleetInstance second = FleetInstance.coordinating(options, backend)) {
      CompletableFuture<@Nullable Quote> leader = quote(first, kind);
      backend.awaitEntered(1);
      CompletableFuture<@Nullable Quote> waiter = quote(second, kind);
      FleetTestAccess.awaitWatching(second.coordinator(), 1);

      leader.cancel(/* mayInterruptIfRunning= */ false);

      assertThat(waiter.get(30, TimeUnit.SECONDS)).isEqualTo(new Quote("ACME", null, 2));
      assertThat(backend.answers().get(0)).isCancelled();
      backend.release();
      assertThat(backend.calls().get()).isEqualTo(2);
    }
  }

  /** Calls the quote method of {@code kind}; a {@code Mono} is subscribed to at once. */
  private static CompletableFuture<@Nullable Quote> quote(FleetInstance instance, String kind) {
    return kind.equals(MONO)
        ? instance.quotes().quoteMono("ACME").toFuture()
        : instance.quotes().quoteLater("ACME");
  }

  private static CompletableFuture<Quote> onFleetExecutor(FleetInstance instance, String kind) {
    return kind.equals(MONO)
        ? instance.quotes().quoteMonoOnFleetExecutor("ACME").toFuture()
        : instance.quotes().quoteLaterOnFleetExecutor("ACME");
  }

  private static CompletableFuture<Profile> profile(FleetInstance instance, String kind) {
    return kind.equals(MONO)
        ? instance.quotes().profileMono("ACME").toFuture()
        : instance.quotes().profileLater("ACME");
  }

  private static CompletableFuture<@Nullable Quote> butFirst(FleetInstance instance, String kind) {
    return kind.equals(MONO)
        ? instance.quotes().monoButFirst("ACME").toFuture()
        : instance.quotes().laterButFirst("ACME");
  }

  private static Throwable failure(CompletableFuture<?> future) throws Exception {
    try {
      future.get(30, TimeUnit.SECONDS);
    } catch (ExecutionException e) {
      return e.getCause();
    }
    throw new AssertionError("no failure: " + future);
  }
}
