package io.github.collapseexecutor.testing.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
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
   * true, false... until the tasks end; checks that it flipped at least once.
   */
  public static <T> List<T> whileRunning(Consumer<Boolean> flip, int n, Callable<T> task)
      throws Exception {
    AtomicBoolean flipping = new AtomicBoolean(true);
    ExecutorService flipper = Executors.newSingleThreadExecutor();
    try {
      CompletableFuture<Integer> flips = CompletableFuture.supplyAsync(() -> {
        int count = 0;
        while (flipping.get()) {
          flip.accept(count++ % 2 == 1);
        }
        return count;
      }, flipper);
      List<T> results = Concurrently.run(n, task);
      flipping.set(false);
      assertThat(flips.get(20, TimeUnit.SECONDS)).isPositive();
      return results;
    } finally {
      flipping.set(false);
      flipper.shutdownNow();
    }
  }
}
