package io.github.collapseexecutor.spring.boot.autoconfigure.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import io.github.collapseexecutor.core.BlockingCallableGroupCollapseExecutor;
import io.github.collapseexecutor.core.CollapseExecutorOptions;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutorAutoConfiguration;
import io.github.collapseexecutor.spring.boot.autoconfigure.CollapseExecutors;
import io.github.collapseexecutor.spring.boot.autoconfigure.actuate.CollapseDescription.SwitchDescription;
import io.github.collapseexecutor.spring.boot.autoconfigure.actuate.CollapseEndpoint;
import io.github.collapseexecutor.spring.boot.autoconfigure.actuate.CollapseEndpointAutoConfiguration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.boot.actuate.endpoint.InvalidEndpointRequestException;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * The endpoint's write operation on a core executor bean: every such bean registers itself, and
 * switched off while callers wait behind a running batch, it serves them one batch each; switched
 * on again, it batches them again.
 */
@Timeout(60)
final class CoreExecutorSwitchTest {

  private static final int QUEUED = 4;

  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(
              AutoConfigurations.of(
                  CollapseExecutorAutoConfiguration.class, CollapseEndpointAutoConfiguration.class))
          .withPropertyValues(
              "management.endpoints.web.exposure.include=collapse",
              "collapse.executor.max-concurrent-batches=1",
              "collapse.executor.adaptive-concurrency=false")
          .withBean(UserLoaderConfiguration.class);

  @Test
  void everyCoreExecutorBeanRegistersItself() {
    runner.run(
        context ->
            assertThat(context.getBean(CollapseExecutors.class).coreExecutors())
                .containsExactly(context.getBean(UserLoader.class)));
  }

  @Test
  void switchedOffTheQueuedCallsRunOneBatchEachThenBatchAgainWhenSwitchedOn() {
    runner.run(
        context -> {
          CollapseEndpoint endpoint = context.getBean(CollapseEndpoint.class);
          UserLoader users = context.getBean(UserLoader.class);
          ExecutorService callers = Executors.newCachedThreadPool();
          try {
            List<Future<Object>> calls = callBehindARunningBatch(users, callers, 0);
            assertThat(endpoint.switchCollapsing("users", false, null))
                .extracting(
                    SwitchDescription::executor,
                    SwitchDescription::groups,
                    SwitchDescription::collapsing)
                .containsExactly(tuple("users", List.of(), false));
            assertThat(endpoint.collapse().collapsingOff())
                .extracting(
                    SwitchDescription::executor,
                    SwitchDescription::groups,
                    SwitchDescription::collapsing)
                .containsExactly(tuple("users", List.of(), false));
            users.release();
            awaitAll(calls);
            // the queued callers arrived in any order, and each got a batch of its own
            assertThat(users.batches())
                .hasSize(1 + QUEUED)
                .allSatisfy(batch -> assertThat(batch).hasSize(1));
            assertThat(users.batches().stream().map(batch -> batch.get(0)))
                .containsExactlyInAnyOrder(0L, 1L, 2L, 3L, 4L);

            calls = callBehindARunningBatch(users, callers, 10);
            endpoint.switchCollapsing("users", true, null);
            users.release();
            awaitAll(calls);

            assertThat(endpoint.collapse().collapsingOff()).isEmpty();
            List<List<Long>> batched = users.batches().subList(1 + QUEUED, users.batches().size());
            assertThat(batched).hasSize(2);
            assertThat(batched.get(0)).containsExactly(10L);
            assertThat(batched.get(1)).containsExactlyInAnyOrder(11L, 12L, 13L, 14L);
          } finally {
            callers.shutdownNow();
          }
        });
  }

  @Test
  void aSameKeyExecutorRegisteredByHandIsSwitchedByName() {
    runner.run(
        context -> {
          CollapseEndpoint endpoint = context.getBean(CollapseEndpoint.class);
          try (var profiles =
              new BlockingCallableGroupCollapseExecutor(
                  "profiles", context.getBean(CollapseExecutorOptions.class).listener())) {
            context.getBean(CollapseExecutors.class).register(profiles);

            endpoint.switchCollapsing("profiles", false, null);

            assertThat(profiles.isCollapsing()).isFalse();
            assertThat(context.getBean(UserLoader.class).isCollapsing()).isTrue();
          }
        });
  }

  @Test
  void anUnknownNameIsRefusedNamingTheCoreExecutors() {
    runner.run(
        context -> {
          CollapseEndpoint endpoint = context.getBean(CollapseEndpoint.class);

          assertThatThrownBy(() -> endpoint.switchCollapsing("nobody", false, null))
              .isInstanceOf(InvalidEndpointRequestException.class)
              .hasMessageContaining("nobody")
              .hasMessageContaining("core executors: [users]");
          assertThat(context.getBean(UserLoader.class).isCollapsing()).isTrue();
        });
  }

  /**
   * Starts a held batch of {@code first} and queues {@value #QUEUED} more calls behind it; returns
   * once they all wait.
   */
  private static List<Future<Object>> callBehindARunningBatch(
      UserLoader users, ExecutorService callers, long first) {
    users.hold();
    int before = users.batches().size();
    List<Future<Object>> calls = new ArrayList<>();
    calls.add(callers.submit(() -> users.execute(first)));
    awaitUntil(() -> users.batches().size() == before + 1);
    for (long i = 1; i <= QUEUED; i++) {
      long id = first + i;
      calls.add(callers.submit(() -> users.execute(id)));
    }
    awaitUntil(() -> parkedCallers() == QUEUED);
    return calls;
  }

  /**
   * Counts the callers parked in the executor, waiting for a batch (no latch can tell): parked by
   * the executor's caller once its call is queued. A caller that waits for the executor's lock on
   * its way in is WAITING inside the executor too, and stays so until it runs again after the lock
   * was handed to it, its call not yet queued.
   */
  private static long parkedCallers() {
    return Thread.getAllStackTraces().keySet().stream()
        .filter(thread -> thread.getState() == Thread.State.WAITING)
        .map(LockSupport::getBlocker)
        .filter(
            blocker ->
                blocker != null
                    && blocker
                        .getClass()
                        .getName()
                        .equals("io.github.collapseexecutor.core.BlockingCaller"))
        .count();
  }

  private static void awaitUntil(BooleanSupplier condition) {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (!condition.getAsBoolean()) {
      assertThat(System.nanoTime() - deadline).as("condition met in time").isNegative();
      Thread.yield();
    }
  }

  private static void awaitAll(List<Future<Object>> calls) throws Exception {
    for (Future<Object> call : calls) {
      assertThat(call.get(10, TimeUnit.SECONDS)).asString().startsWith("user ");
    }
  }
}
