package io.github.collapseexecutor.samples;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** Runs one call on many threads at the same moment, the way concurrent requests arrive. */
public final class Callers {

  private static final long LIMIT_SECONDS = 60;

  private Callers() {}

  /** The call a caller thread makes, given its number from 0. */
  @FunctionalInterface
  public interface Call<T> {
    T run(int caller) throws Exception;
  }

  /**
   * Starts {@code callers} threads, releases them together, and returns each caller's result in
   * caller order.
   *
   * @throws ExecutionException if a call failed; the first failure is the cause
   * @throws TimeoutException if the calls did not finish within a minute
   */
  public static <T> List<T> runConcurrently(int callers, Call<T> call)
      throws InterruptedException, ExecutionException, TimeoutException {
    ExecutorService threads = Executors.newFixedThreadPool(callers);
    try {
      CountDownLatch start = new CountDownLatch(1);
      List<Future<T>> futures = new ArrayList<>(callers);
      for (int i = 0; i < callers; i++) {
        int caller = i;
        Callable<T> task =
            () -> {
              start.await();
              return call.run(caller);
            };
        futures.add(threads.submit(task));
      }
      start.countDown();
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(LIMIT_SECONDS);
      List<T> results = new ArrayList<>(callers);
      for (Future<T> future : futures) {
        results.add(future.get(deadline - System.nanoTime(), TimeUnit.NANOSECONDS));
      }
      return results;
    } finally {
      threads.shutdownNow();
    }
  }
}
