package io.github.collapseexecutor.testing.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.collapseexecutor.testing.Parking;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/** Runs one task on many threads while another thread flips a switch off and on, all bounded. */
public final class Flipping {

  private Flipping() {}

  /**
   * Runs {@code task} as {@link Concurrently#run} does while calling {@code flip} with false,
   * true, false... until the tasks end. The tasks start once the switch has flipped: on a loaded
   * machine, the thread that flips may otherwise not run before short tasks end, and the test
   * would check nothing.
   */
  public static <T> List<T> whileRunning(Consumer<Boolean> flip, int n, Callable<T> task)
      throws Exception {
    AtomicBoolean flipping = new AtomicBoolean(true);
    CountDownLatch flipped = new CountDownLatch(1);
    ExecutorService flipper = Executors.newSingleThreadExecutor();
    try {
      CompletableFuture<Integer> flips =
          CompletableFuture.supplyAsync(
              () -> {
                int count = 0;
                while (flipping.get()) {
                  flip.accept(count++ % 2 == 1);
                  flipped.countDown();
                }
                return count;
              },
              flipper);
      List<T> results =
          Concurrently.run(
              n,
              () -> {
                Parking.await(flipped);
                return task.call();
              });
      flipping.set(false);
      assertThat(flips.get(20, TimeUnit.SECONDS)).isPositive();
      return results;
    } finally {
      flipping.set(false);
      flipper.shutdownNow();
    }
  }
}
