package io.github.collapseexecutor.testing.http;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/** Runs one task on many threads released together, each bounded in time. */
public final class Concurrently {

  private Concurrently() {}

  /** Runs {@code task} on {@code n} threads that start at once; returns results in order. */
  public static <T> List<T> run(int n, Callable<T> task) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(n);
    try {
      CountDownLatch start = new CountDownLatch(1);
      List<Future<T>> futures = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        futures.add(
            pool.submit(
                () -> {
                  start.await();
                  return task.call();
                }));
      }
      start.countDown();
      List<T> results = new ArrayList<>();
      for (Future<T> future : futures) {
        results.add(future.get(20, TimeUnit.SECONDS));
      }
      return results;
    } finally {
      pool.shutdownNow();
    }
  }

  /** Waits for each of {@code calls}, at most 20 s each; returns their results in order. */
  public static <T> List<T> results(List<CompletableFuture<T>> calls) throws Exception {
    List<T> results = new ArrayList<>();
    for (CompletableFuture<T> call : calls) {
      results.add(call.get(20, TimeUnit.SECONDS));
    }
    return results;
  }
}
