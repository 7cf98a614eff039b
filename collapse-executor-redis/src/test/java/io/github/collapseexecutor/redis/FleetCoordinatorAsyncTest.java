package io.github.collapseexecutor.redis;

import static io.github.collapseexecutor.redis.TestRedis.SHARED_PORT;
import static io.github.collapseexecutor.redis.TestRedis.awaitTrue;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.fleet.FleetCodec;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The non-blocking path of the coordinator ({@link FleetCoordinator#callAsync}), on the Redis on
 * 127.0.0.1:6379 (skipped without it) or an unreachable one: one call per key across two
 * instances without a thread held while they wait, a failed call shared with nobody, and an
 * unreachable Redis that leaves each call to its instance.
 */
@Timeout(90)
final class FleetCoordinatorAsyncTest {

  private final List<FleetCoordinator> instances = new ArrayList<>();
  private final AtomicInteger calls = new AtomicInteger();

  @AfterEach
  void close() {
    instances.forEach(FleetCoordinator::close);
  }

  @Test
  void theSecondInstanceTakesTheResultOfTheFirstInstancesCallWithoutAThread() throws Exception {
    TestRedis.assumeRunning(SHARED_PORT);
    FleetOptions options = TestRedis.options().build();
    FleetCoordinator a = instance(options);
    FleetCoordinator b = instance(options);
    CompletableFuture<String> backend = new CompletableFuture<>();

    CompletableFuture<String> first =
        a.callAsync(
            FleetKey.of("GET", "/quote/ACME"),
            FleetCodec.utf8(),
            Duration.ofSeconds(30),
            () -> call(backend));
    awaitTrue(() -> calls.get() == 1, "the first instance to call");
    CompletableFuture<String> second =
        b.callAsync(
            FleetKey.of("GET", "/quote/ACME"),
            FleetCodec.utf8(),
            Duration.ofSeconds(30),
            () -> call(new CompletableFuture<>()));
    awaitTrue(() -> b.watching() == 1, "the second instance to watch");
    backend.complete("answer 1");

    assertThat(first.get(10, TimeUnit.SECONDS)).isEqualTo("answer 1");
    assertThat(second.get(10, TimeUnit.SECONDS)).isEqualTo("answer 1");
    assertThat(calls).hasValue(1);
    assertThat(a.stats().led()).isEqualTo(1);
    assertThat(b.stats().joined()).isEqualTo(1);
  }

  /** A failure is its own instance's: the instance that waited makes its own call. */
  @Test
  void aFailedCallIsSharedWithNobody() throws Exception {
    TestRedis.assumeRunning(SHARED_PORT);
    FleetOptions options = TestRedis.options().build();
    FleetCoordinator a = instance(options);
    FleetCoordinator b = instance(options);
    CompletableFuture<String> failing = new CompletableFuture<>();

    CompletableFuture<String> first =
        a.callAsync(
            FleetKey.of("GET", "/quote/ACME"),
            FleetCodec.utf8(),
            Duration.ofSeconds(30),
            () -> call(failing));
    awaitTrue(() -> calls.get() == 1, "the first instance to call");
    CompletableFuture<String> second =
        b.callAsync(
            FleetKey.of("GET", "/quote/ACME"),
            FleetCodec.utf8(),
            Duration.ofSeconds(30),
            () -> call(CompletableFuture.completedFuture("own answer")));
    awaitTrue(() -> b.watching() == 1, "the second instance to watch");
    failing.completeExceptionally(new IOException("connection reset"));

    assertThat(first)
        .failsWithin(10, TimeUnit.SECONDS)
        .withThrowableOfType(ExecutionException.class)
        .withCauseInstanceOf(IOException.class);
    assertThat(second.get(10, TimeUnit.SECONDS)).isEqualTo("own answer");
    assertThat(calls).hasValue(2);
  }

  @Test
  void anUnreachableRedisLeavesEachCallToItsInstance() throws Exception {
    FleetCoordinator alone =
        FleetCoordinator.connect(
            TestRedis.uri(TestRedis.freePort()),
            TestRedis.options().coordinationTimeout(Duration.ofMillis(100)).build());
    instances.add(alone);

    CompletableFuture<String> answer =
        alone.callAsync(
            FleetKey.of("GET", "/quote/ACME"),
            FleetCodec.utf8(),
            Duration.ofSeconds(30),
            () -> call(CompletableFuture.completedFuture("own answer")));

    assertThat(answer.get(10, TimeUnit.SECONDS)).isEqualTo("own answer");
    assertThat(alone.stats().fellBack()).isEqualTo(1);
  }

  private CompletableFuture<String> call(CompletableFuture<String> answer) {
    calls.incrementAndGet();
    return answer;
  }

  private FleetCoordinator instance(FleetOptions options) {
    FleetCoordinator coordinator = TestRedis.coordinating(SHARED_PORT, options);
    instances.add(coordinator);
    return coordinator;
  }
}
