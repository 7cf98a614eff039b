package io.github.collapseexecutor.samples.clinic;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.IntFunction;

/**
 * A round of page requests in a fixed order: the first is sent alone, and its page run, once the
 * page is rendered, is held; then something may happen (a form that commits); then the others
 * are sent, and the held run is let go once each of them has its place, whether it joined the
 * held run (and waits, its thread freed) or ran its own page and answered. So that, with collapse
 * or without, the others all arrive while the first run is in progress, however slowly a busy
 * machine starts them. Every wait is bounded.
 */
final class PageRound {

  private static final long LIMIT_SECONDS = 30;

  private final AtomicBoolean first = new AtomicBoolean();
  private final CountDownLatch held = new CountDownLatch(1);
  private final CountDownLatch released = new CountDownLatch(1);
  private final Semaphore placed = new Semaphore(0);

  /** Called after a page of the round rendered: the first waits until the others are placed. */
  void hold() {
    if (first.compareAndSet(false, true)) {
      held.countDown();
      await(released);
    }
  }

  /** Called when a request of the round left the chain of filters: it joined, or it answered. */
  void placed() {
    placed.release();
  }

  /**
   * Sends {@code firstRequest}, holds its page run, runs {@code between}, sends
   * {@code others} requests made by {@code other}, lets the held run go once they are placed,
   * and returns every answer, the first one first.
   */
  <T> List<T> run(
      Callable<T> firstRequest, Callable<?> between, int others, IntFunction<Callable<T>> other)
      throws Exception {
    ExecutorService threads = Executors.newFixedThreadPool(others + 1);
    try {
      List<Future<T>> answers = new ArrayList<>();
      answers.add(threads.submit(firstRequest));
      await(held);
      between.call();
      for (int i = 0; i < others; i++) {
        answers.add(threads.submit(other.apply(i)));
      }
      if (!placed.tryAcquire(others, LIMIT_SECONDS, TimeUnit.SECONDS)) {
        throw new IllegalStateException(
            "only "
                + placed.availablePermits()
                + " of "
                + others
                + " requests were placed within "
                + LIMIT_SECONDS
                + " s");
      }
      released.countDown();
      List<T> results = new ArrayList<>();
      for (Future<T> answer : answers) {
        results.add(answer.get(2 * LIMIT_SECONDS, TimeUnit.SECONDS));
      }
      return results;
    } finally {
      released.countDown();
      threads.shutdownNow();
    }
  }

  private static void await(CountDownLatch latch) {
    try {
      if (!latch.await(LIMIT_SECONDS, TimeUnit.SECONDS)) {
        throw new IllegalStateException("waited " + LIMIT_SECONDS + " s for " + latch);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
