package io.github.collapseexecutor.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Collection;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A caller's continuation runs on the thread that completes its batch, inside that batch's
 * completion. If it calls {@code execute} of a {@link CollapseExecutorFutureSupport} there and
 * waits for the result, the new batch must start at once, as it would from any other thread,
 * and a slot the completing batch still holds must not keep it waiting: otherwise the thread
 * waits for itself.
 */
@Timeout(60)
final class ContinuationDeadlockTest {

  private final ExecutorService backend = Executors.newCachedThreadPool();

  /** Holds batches completed on a backend thread until the test has chained its continuation. */
  private final CompletableFuture<Void> open = new CompletableFuture<>();

  @AfterEach
  void stopBackend() {
    backend.shutdownNow();
  }

  /**
   * Maps {@code n} to {@code prefix + n}, completing each batch on a backend thread once the test
   * opens, or at once.
   */
  private final class Loader extends CollapseExecutorFutureSupport<Integer, String, List<Integer>> {
    private final String prefix;
    private final boolean completesOnBackendThread;

    Loader(String prefix, boolean completesOnBackendThread) {
      super(CollapseExecutorOptions.builder().name(prefix).build());
      this.prefix = prefix;
      this.completesOnBackendThread = completesOnBackendThread;
    }

    @Override
    protected CompletableFuture<List<Integer>> doExecute(Collection<Input<Integer>> inputs) {
      List<Integer> values = inputs.stream().map(Input::value).toList();
      return completesOnBackendThread
          ? open.thenApplyAsync(ignored -> values, backend)
          : CompletableFuture.completedFuture(values);
    }

    @Override
    protected void bindingOutput(List<Integer> output, List<Bundle<Integer, String>> bundles) {
      bundles.forEach(b -> b.bindOutput(prefix + b.value()));
    }
  }

  @Test
  void aContinuationWaitingForAnotherExecutorsCallOnTheCompletingThreadDoesNotDeadlock()
      throws Exception {
    try (Loader users = new Loader("user", true);
        Loader orders = new Loader("order", true)) {
      CompletableFuture<String> chained =
          users.execute(1).thenApply(user -> user + "/" + orders.execute(2).join());
      open.complete(null);

      assertThat(chained.get(10, TimeUnit.SECONDS)).isEqualTo("user1/order2");
    }
  }

  @Test
  void aContinuationWaitingForAnExecutorThatCompletesAtOnceDoesNotDeadlock() throws Exception {
    try (Loader users = new Loader("user", true);
        Loader orders = new Loader("order", false)) {
      CompletableFuture<String> chained =
          users
              .execute(1)
              .thenApply(user -> user + "/" + orders.execute(2).thenApply(o -> o + "!").join());
      open.complete(null);

      assertThat(chained.get(10, TimeUnit.SECONDS)).isEqualTo("user1/order2!");
    }
  }

  @Test
  void aContinuationWaitingForAnotherCallOfTheSameExecutorDoesNotDeadlock() throws Exception {
    try (Loader users = new Loader("user", true)) {
      CompletableFuture<String> chained =
          users.execute(1).thenApply(first -> first + "/" + users.execute(2).join());
      open.complete(null);

      assertThat(chained.get(10, TimeUnit.SECONDS)).isEqualTo("user1/user2");
      assertThat(users.execute(3).get(10, TimeUnit.SECONDS)).isEqualTo("user3");
    }
  }
}
