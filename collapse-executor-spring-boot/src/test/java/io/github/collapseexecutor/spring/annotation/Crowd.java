package io.github.collapseexecutor.spring.annotation;

import static io.github.collapseexecutor.spring.Parking.await;

import io.github.collapseexecutor.spring.Parking;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.IntFunction;

/**
 * Calls a method from many threads at once and holds the first call inside the method until
 * every other caller is parked waiting for it, so that they all meet, however the threads are
 * scheduled. Every wait is bounded by 10 s.
 */
final class Crowd {

  private final CountDownLatch entered = new CountDownLatch(1);
  private final CountDownLatch released = new CountDownLatch(1);
  private final AtomicBoolean first = new AtomicBoolean();

  /** Called inside the method: the first call waits there until the others are parked. */
  void hold() {
    if (first.compareAndSet(false, true)) {
      entered.countDown();
      await(released);
    }
  }

  /** Runs {@code call(i)} on {@code n} threads, returning each result or the exception thrown. */
  List<Object> run(int n, IntFunction<Object> call) throws InterruptedException {
    CountDownLatch start = new CountDownLatch(1);
    CountDownLatch arrived = new CountDownLatch(n);
    Object[] results = new Object[n];
    List<Thread> threads = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      int index = i;
      Thread thread = new Thread(() -> {
        await(start);
        arrived.countDown();
        try {
          results[index] = call.apply(index);
        } catch (Throwable t) {
          results[index] = t;
        }
      });
      thread.start();
      threads.add(thread);
    }
    start.countDown();
    await(arrived);
    await(entered);
    Parking.awaitParked(threads);
    released.countDown();
    for (Thread thread : threads) {
      thread.join(TimeUnit.SECONDS.toMillis(10));
    }
    return Arrays.asList(results);
  }
}
