package io.github.collapseexecutor.testing.annotation;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.AbstractQueuedLongSynchronizer;
import java.util.concurrent.locks.AbstractQueuedSynchronizer;
import java.util.concurrent.locks.LockSupport;
import java.util.function.IntFunction;

/**
 * Calls a method from many threads at once and holds the first call inside the method until
 * every other caller is parked waiting for it, so that they all meet, however the threads are
 * scheduled. A thread parked on a lock (the engine's queue lock, a class initialiser's) has not
 * queued yet, so it does not count as waiting. Every wait is bounded by 10 s.
 *
 * <p>Calls that reach the method on other threads than the crowd's own, a server's request
 * threads, are counted where those threads {@link #arrive()}: {@link #runThrough} waits until
 * each of them is parked.
 */
public final class Crowd {

  private final CountDownLatch entered = new CountDownLatch(1);
  private final CountDownLatch released = new CountDownLatch(1);
  private final AtomicBoolean first = new AtomicBoolean();
  private final Set<Thread> arrivals = ConcurrentHashMap.newKeySet();

  /** How many calls arrived: a server reuses the thread of a call that ended for the next. */
  private final AtomicInteger arrivedCalls = new AtomicInteger();

  private volatile Thread holder;

  /** Called inside the method: the first call waits there until the others are parked. */
  public void hold() {
    if (first.compareAndSet(false, true)) {
      holder = Thread.currentThread();
      entered.countDown();
      await(released);
    }
  }

  /**
   * Called on a thread that is about to call the method for a caller of {@link #runThrough}: a
   * server's request thread, before it calls the annotated bean.
   */
  public void arrive() {
    arrivals.add(Thread.currentThread());
    arrivedCalls.incrementAndGet();
  }

  /** Runs {@code call(i)} on {@code n} threads, returning each result or the exception thrown. */
  public List<Object> run(int n, IntFunction<Object> call) throws InterruptedException {
    return run(n, call, false);
  }

  /**
   * Runs {@code call(i)} on {@code n} threads, as {@link #run}, for calls that reach the method on
   * other threads, each of which {@link #arrive arrives} first: the first call is held until all
   * {@code n} arrived and each of them is parked.
   */
  public List<Object> runThrough(int n, IntFunction<Object> call) throws InterruptedException {
    return run(n, call, true);
  }

  private List<Object> run(int n, IntFunction<Object> call, boolean through)
      throws InterruptedException {
    CountDownLatch start = new CountDownLatch(1);
    CountDownLatch arrived = new CountDownLatch(n);
    Object[] results = new Object[n];
    List<Thread> threads = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      int index = i;
      Thread thread =
          new Thread(
              () -> {
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
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (!(through ? arrivedCalls.get() >= n && allParked(arrivals) : allParked(threads))
        && System.nanoTime() < deadline) {
      LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
    }
    released.countDown();
    for (Thread thread : threads) {
      thread.join(TimeUnit.SECONDS.toMillis(10));
    }
    return Arrays.asList(results);
  }

  private boolean allParked(Collection<Thread> threads) {
    for (Thread thread : threads) {
      Thread.State state = thread.getState();
      if (thread == holder || state == Thread.State.TERMINATED) {
        continue;
      }
      if ((state != Thread.State.WAITING && state != Thread.State.TIMED_WAITING)
          || onLock(LockSupport.getBlocker(thread))) {
        return false;
      }
    }
    return true;
  }

  private static boolean onLock(Object blocker) {
    return blocker instanceof AbstractQueuedSynchronizer
        || blocker instanceof AbstractQueuedLongSynchronizer;
  }

  private static void await(CountDownLatch latch) {
    try {
      if (!latch.await(10, TimeUnit.SECONDS)) {
        throw new IllegalStateException("waited 10 s for " + latch);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
