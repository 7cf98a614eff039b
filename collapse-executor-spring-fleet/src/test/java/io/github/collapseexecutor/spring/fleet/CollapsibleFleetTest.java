package io.github.collapseexecutor.spring.fleet;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.redis.FleetOptions;
import io.github.collapseexecutor.redis.FleetTestAccess;
import io.github.collapseexecutor.spring.fleet.FleetResults.Animal;
import io.github.collapseexecutor.spring.fleet.FleetResults.Dog;
import io.github.collapseexecutor.spring.fleet.FleetResults.Opaque;
import io.github.collapseexecutor.testing.LocalRedis;
import io.github.collapseexecutor.testing.OwnThreads;
import io.github.collapseexecutor.testing.Parking;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code @Collapsible(fleet = true)} across two instances of one application, two Spring
 * contexts, that share the Redis on 127.0.0.1:6379 (skipped without it) and one backend.
 */
@Timeout(90)
final class CollapsibleFleetTest {

  @BeforeEach
  void redis() {
    LocalRedis.assumeRunning();
  }

  /**
   * Three callers on each instance: each instance's leader asks Redis, one of them calls the
   * backend, and all six get its answer.
   */
  @Test
  void concurrentCallsOnTwoInstancesMakeOneBackendCall() throws Exception {
    FleetOptions options = FleetInstance.options().build();
    FleetBackend backend = new FleetBackend(/* held= */ 1);
    try (FleetInstance first = FleetInstance.coordinating(options, backend);
        FleetInstance second = FleetInstance.coordinating(options, backend)) {
      List<Thread> firstCallers = new ArrayList<>();
      List<CompletableFuture<Quote>> results = new ArrayList<>();
      results.add(OwnThreads.call(() -> first.quotes().quote("ACME"), firstCallers));
      backend.awaitEntered(1);
      List<Thread> secondCallers = new ArrayList<>();
      results.add(OwnThreads.call(() -> second.quotes().quote("ACME"), secondCallers));
      FleetTestAccess.awaitWatching(second.coordinator(), 1);
      for (int i = 0; i < 2; i++) {
        results.add(OwnThreads.call(() -> first.quotes().quote("ACME"), firstCallers));
        results.add(OwnThreads.call(() -> second.quotes().quote("ACME"), secondCallers));
      }
      // every caller is waiting: in the backend, in Redis, or behind its instance's leader
      Parking.awaitParked(firstCallers);
      Parking.awaitParked(secondCallers);

      backend.release();

      for (CompletableFuture<Quote> result : results) {
        assertThat(result.get(30, TimeUnit.SECONDS)).isEqualTo(new Quote("ACME", null, 1));
      }
      assertThat(backend.calls().get()).isEqualTo(1);
      assertThat(first.coordinator().stats().led()).isEqualTo(1);
      assertThat(second.coordinator().stats().joined()).isEqualTo(1);
    }
  }

  /**
   * Hazard: a read that arrives after a write its instance completed takes the result of another
   * instance's run that started before the write, and goes back in time. It calls the method
   * itself instead.
   */
  @Test
  void aReadAfterAWriteOnItsInstanceDoesNotTakeAnOlderRunOfAnother() throws Exception {
    FleetOptions options = FleetInstance.options().build();
    FleetBackend backend = new FleetBackend(/* held= */ 1);
    try (FleetInstance first = FleetInstance.coordinating(options, backend);
        FleetInstance second = FleetInstance.coordinating(options, backend)) {
      List<Thread> callers = new ArrayList<>();
      CompletableFuture<Quote> led = OwnThreads.call(() -> first.quotes().quote("ACME"), callers);
      backend.awaitEntered(1);
      second.quotes().trade("ACME");

      Quote own =
          OwnThreads.call(() -> second.quotes().quote("ACME"), callers).get(30, TimeUnit.SECONDS);
      backend.release();

      assertThat(own).isEqualTo(new Quote("ACME", null, 2));
      assertThat(second.coordinator().stats().overtaken()).isEqualTo(1);
      assertThat(led.get(30, TimeUnit.SECONDS)).isEqualTo(new Quote("ACME", null, 1));
    }
  }

  /** The rounds of the cases of a read after a write on another instance. */
  private static final int ROUNDS = 20;

  /**
   * Hazard: a read sent to one instance after a write completed on another takes the result of
   * a run that started before the write, and goes back in time: a user who saved a form on one
   * instance sees the old value on the next page from another. Round after round, a run is held
   * on the first instance, a write completes there, and a read reaches the second: the write's
   * count in Redis keeps the read out of that run every time; it calls the method itself. The
   * write is a {@code @CollapseBarrier} method's or a committed transaction's.
   */
  @ParameterizedTest
  @ValueSource(strings = {"barrier", "transaction"})
  void aReadAfterAWriteOnAnotherInstanceDoesNotTakeARunThatStartedBeforeIt(String write)
      throws Exception {
    FleetOptions options = FleetInstance.options().build();
    FleetBackend backend = new FleetBackend(/* held= */ 0);
    try (FleetInstance first = FleetInstance.coordinating(options, backend);
        FleetInstance second = FleetInstance.coordinating(options, backend)) {
      Runnable writing =
          write.equals("barrier") ? () -> first.quotes().trade("ACME") : first::commitWrite;

      int stale = readsOnTheSecondFromTheFirst(first, second, backend, writing);

      assertThat(stale).as("reads on the second instance answered from before the write").isZero();
      assertThat(second.coordinator().stats().overtaken()).isEqualTo(ROUNDS);
      assertThat(second.coordinator().stats().joined()).isZero();
      assertThat(backend.calls().get()).isEqualTo(2 * ROUNDS);
    }
  }

  /**
   * The control of the rounds above: the same rounds without the write, in which the read on the
   * second instance takes the result of the first instance's run every time.
   */
  @Test
  void withoutAWriteTheReadOnTheOtherInstanceTakesTheHeldRunEveryRound() throws Exception {
    FleetOptions options = FleetInstance.options().build();
    FleetBackend backend = new FleetBackend(/* held= */ 0);
    try (FleetInstance first = FleetInstance.coordinating(options, backend);
        FleetInstance second = FleetInstance.coordinating(options, backend)) {

      int joins = readsOnTheSecondFromTheFirst(first, second, backend, () -> {});

      assertThat(joins).isEqualTo(ROUNDS);
      assertThat(second.coordinator().stats().joined()).isEqualTo(ROUNDS);
      assertThat(second.coordinator().stats().overtaken()).isZero();
      assertThat(backend.calls().get()).isEqualTo(ROUNDS);
    }
  }

  /**
   * Runs {@link #ROUNDS} rounds of: a run of the first instance held in the backend, {@code
   * write} on the first instance, then a read on the second, which is let go on once it made its
   * own call or waits for the first's; returns in how many the second answered from the first's
   * run.
   */
  private static int readsOnTheSecondFromTheFirst(
      FleetInstance first, FleetInstance second, FleetBackend backend, Runnable write)
      throws Exception {
    List<Thread> callers = new ArrayList<>();
    int fromTheFirst = 0;
    for (int round = 0; round < ROUNDS; round++) {
      backend.holdNext();
      int before = backend.calls().get();
      CompletableFuture<Quote> led = OwnThreads.call(() -> first.quotes().quote("ACME"), callers);
      backend.awaitEntered(before + 1);
      write.run();
      CompletableFuture<Quote> read = OwnThreads.call(() -> second.quotes().quote("ACME"), callers);
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
      while (!read.isDone() && FleetTestAccess.watching(second.coordinator()) == 0) {
        assertThat(System.nanoTime() - deadline)
            .as("the read on the second instance to call or wait")
            .isNegative();
        LockSupport.parkNanos(TimeUnit.MICROSECONDS.toNanos(100));
      }
      backend.release();

      if (read.get(30, TimeUnit.SECONDS).call() == led.get(30, TimeUnit.SECONDS).call()) {
        fromTheFirst++;
      }
    }
    return fromTheFirst;
  }

  /**
   * Callers of two tenants never share across instances: the second tenant's call goes to the
   * backend while the first tenant's is still under way, and each gets its own answer.
   */
  @Test
  void callersWithDifferentIdentitiesNeverShareAcrossInstances() throws Exception {
    FleetOptions options = FleetInstance.options().build();
    FleetBackend backend = new FleetBackend(/* held= */ 2);
    try (FleetInstance first = FleetInstance.coordinating(options, backend);
        FleetInstance second = FleetInstance.coordinating(options, backend)) {
      CompletableFuture<Quote> tenantA =
          OwnThreads.call(
              () -> asTenant("a", () -> first.quotes().quote("ACME")), new ArrayList<>());
      backend.awaitEntered(1);
      CompletableFuture<Quote> tenantB =
          OwnThreads.call(
              () -> asTenant("b", () -> second.quotes().quote("ACME")), new ArrayList<>());

      // had the second tenant joined the first's call, the backend would see one call only
      backend.awaitEntered(2);
      backend.release();

      assertThat(tenantA.get(30, TimeUnit.SECONDS).tenant()).isEqualTo("a");
      assertThat(tenantB.get(30, TimeUnit.SECONDS).tenant()).isEqualTo("b");
      assertThat(first.coordinator().stats().led()).isEqualTo(1);
      assertThat(second.coordinator().stats().led()).isEqualTo(1);
      assertThat(second.coordinator().stats().joined()).isZero();
    }
  }

  /**
   * Redis unreachable: each call goes on as local collapse and gets its answer, none fails, and
   * the tier counts the calls it let through.
   */
  @Test
  void callsSucceedLocallyWhenRedisIsUnreachable() throws Exception {
    FleetOptions options =
        FleetInstance.options().coordinationTimeout(Duration.ofMillis(50)).build();
    FleetBackend backend = new FleetBackend(/* held= */ 0);
    try (FleetInstance alone =
        FleetInstance.start(
            LocalRedis.freePort(), options, backend, null, /* coordinating= */ false)) {
      for (int i = 1; i <= 3; i++) {
        assertThat(alone.quotes().quote("ACME")).isEqualTo(new Quote("ACME", null, i));
      }
      assertThat(backend.calls().get()).isEqualTo(3);
      assertThat(alone.coordinator().stats().fellBack()).isEqualTo(3);
      assertThat(alone.coordinator().stats().coordinating()).isFalse();
    }
  }

  /**
   * A caller that waits for another instance's call stops at its own deadline, the timeout of its
   * executor, and calls the backend itself, while that call is still under way.
   */
  @Test
  void aWaiterWhoseDeadlinePassesMakesItsOwnCall() throws Exception {
    // a lease far longer than the test waits: only the caller's own deadline ends its wait
    FleetOptions options = FleetInstance.options().leaseTime(Duration.ofMinutes(5)).build();
    FleetBackend backend = new FleetBackend(/* held= */ 1);
    try (FleetInstance first = FleetInstance.coordinating(options, backend);
        FleetInstance second =
            FleetInstance.start(LocalRedis.PORT, options, backend, Duration.ofMillis(200), true)) {
      CompletableFuture<Quote> leader =
          OwnThreads.call(() -> first.quotes().quote("ACME"), new ArrayList<>());
      backend.awaitEntered(1);

      Quote own =
          OwnThreads.call(() -> second.quotes().quote("ACME"), new ArrayList<>())
              .get(20, TimeUnit.SECONDS);

      assertThat(own).isEqualTo(new Quote("ACME", null, 2));
      assertThat(leader).isNotDone();
      assertThat(second.coordinator().stats().leaseLost()).isEqualTo(1);
      backend.release();
      assertThat(leader.get(30, TimeUnit.SECONDS)).isEqualTo(new Quote("ACME", null, 1));
    }
  }

  /**
   * A result with Object's equals, every field of which JSON gives back, crosses: the caller on
   * the other instance cannot tell it from its own.
   */
  @Test
  void aResultEveryFieldOfWhichComesBackCrosses() throws Exception {
    FleetOptions options = FleetInstance.options().build();
    FleetBackend backend = new FleetBackend(/* held= */ 1);
    try (FleetInstance first = FleetInstance.coordinating(options, backend);
        FleetInstance second = FleetInstance.coordinating(options, backend)) {
      CompletableFuture<Opaque> leader =
          OwnThreads.call(() -> first.quotes().opaque("ACME"), new ArrayList<>());
      backend.awaitEntered(1);
      CompletableFuture<Opaque> waiter =
          OwnThreads.call(() -> second.quotes().opaque("ACME"), new ArrayList<>());
      FleetTestAccess.awaitWatching(second.coordinator(), 1);

      backend.release();

      assertThat(leader.get(30, TimeUnit.SECONDS).quote).isEqualTo(new Quote("ACME", null, 1));
      assertThat(waiter.get(30, TimeUnit.SECONDS).quote).isEqualTo(new Quote("ACME", null, 1));
      assertThat(second.coordinator().stats().joined()).isEqualTo(1);
    }
  }

  /**
   * Results that JSON gives back equal, or nearly, and that a caller could still tell from its
   * own: a class equal by id whose ignored field holds something, a subclass of the declared
   * type, a map sorted by a comparator of its own. None crosses: the instance that waited for it
   * makes its own call, and gets what its own call returns.
   */
  @ParameterizedTest
  @ValueSource(strings = {"profile", "pet", "ranks"})
  void aResultAnotherInstancesCallerCouldTellFromItsOwnDoesNotCross(String method)
      throws Exception {
    FleetOptions options = FleetInstance.options().build();
    FleetBackend backend = new FleetBackend(/* held= */ 1);
    try (FleetInstance first = FleetInstance.coordinating(options, backend);
        FleetInstance second = FleetInstance.coordinating(options, backend)) {
      CompletableFuture<String> leader =
          OwnThreads.call(() -> seen(first, method), new ArrayList<>());
      backend.awaitEntered(1);
      CompletableFuture<String> waiter =
          OwnThreads.call(() -> seen(second, method), new ArrayList<>());
      FleetTestAccess.awaitWatching(second.coordinator(), 1);

      backend.release();

      assertThat(leader.get(30, TimeUnit.SECONDS)).contains("call 1");
      assertThat(waiter.get(30, TimeUnit.SECONDS)).contains("call 2");
      assertThat(backend.calls().get()).isEqualTo(2);
      assertThat(second.coordinator().stats().unshared()).isEqualTo(1);
    }
  }

  /** What a caller of {@code method} sees of its result, as text. */
  private static String seen(FleetInstance instance, String method) {
    return switch (method) {
      case "profile" -> instance.quotes().profile("ACME").note;
      case "pet" -> {
        Animal pet = instance.quotes().pet("ACME");
        yield pet.getClass().getSimpleName()
            + " "
            + (pet instanceof Dog dog ? dog.breed : "of no breed");
      }
      case "ranks" -> {
        SortedMap<String, Integer> ranks = instance.quotes().ranks("ACME");
        yield "first " + ranks.firstKey() + ", call " + ranks.get("call");
      }
      default -> throw new IllegalArgumentException(method);
    };
  }

  private static <T> @Nullable T asTenant(String tenant, Callable<T> call) throws Exception {
    FleetInstance.TENANT.set(tenant);
    try {
      return call.call();
    } finally {
      FleetInstance.TENANT.remove();
    }
  }
}
