package io.github.collapseexecutor.testing;

import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;

/** Starts a test's calls each on a daemon thread of its own, as concurrent callers. */
public final class OwnThreads {

  private OwnThreads() {}

  /**
   * Starts {@code call} on a thread of its own, added to {@code threads} (for
   * {@link Parking#awaitParked}), and returns its outcome.
   */
  public static <T> CompletableFuture<T> call(Callable<T> call, List<Thread> threads) {
    CompletableFuture<T> result = new CompletableFuture<>();
    Thread thread =
        new Thread(
            () -> {
              try {
                result.complete(call.call());
              } catch (Throwable e) {
                result.completeExceptionally(e);
              }
            });
    thread.setDaemon(true);
    threads.add(thread);
    thread.start();
    return result;
  }
}
