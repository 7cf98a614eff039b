package io.github.collapseexecutor.micrometer;

import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import java.io.IOException;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.AbstractQueuedLongSynchronizer;
import java.util.concurrent.locks.AbstractQueuedSynchronizer;
import java.util.concurrent.locks.LockSupport;

/**
 * A filter that notes the thread of each request, and a hold for the method the requests call:
 * the first call waits there until every request of a test arrived and every other request's
 * thread waits, so that they all meet, however the container schedules them. A thread parked on a
 * lock (the executor's queue lock) has not joined yet, so it does not count as waiting. Every
 * wait is bounded by 10 s.
 */
final class HeldRequests implements Filter {

  private final Set<Thread> threads = ConcurrentHashMap.newKeySet();
  private final AtomicBoolean first = new AtomicBoolean();
  private volatile int expected;

  /** Expects {@code requests} requests from now on, of which the first call will wait. */
  void expect(int requests) {
    threads.clear();
    first.set(false);
    expected = requests;
  }

  @Override
  public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
      throws IOException, ServletException {
    threads.add(Thread.currentThread());
    chain.doFilter(request, response);
  }

  /** Called inside the method: the first call waits until the others wait. */
  void hold() {
    if (!first.compareAndSet(false, true)) {
      return;
    }
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while ((threads.size() < expected || !othersWait()) && System.nanoTime() < deadline) {
      LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
    }
  }

  private boolean othersWait() {
    for (Thread thread : threads) {
      Thread.State state = thread.getState();
      if (thread == Thread.currentThread()) {
        continue;
      }
      Object blocker = LockSupport.getBlocker(thread);
      if (state != Thread.State.WAITING && state != Thread.State.TIMED_WAITING
          || blocker instanceof AbstractQueuedSynchronizer
          || blocker instanceof AbstractQueuedLongSynchronizer) {
        return false;
      }
    }
    return true;
  }
}
