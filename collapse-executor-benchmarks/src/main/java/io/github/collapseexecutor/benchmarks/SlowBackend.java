package io.github.collapseexecutor.benchmarks;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;

/**
 * A simulated remote backend whose every call, for one item or for a batch of any size, costs
 * {@link #CALL_NANOS} (1 ms) of waiting, optionally with at most a fixed number of calls in flight.
 *
 * <p>The 1 ms is spent parked ({@link LockSupport#parkNanos}, repeated until the deadline since a
 * park may return early), not spinning: a remote call waits for I/O without using a CPU, and on a
 * small machine a spinning backend would turn the benchmark into a measure of CPU contention.
 * {@code Thread.sleep(1)} would do the same on Linux; parking lets the deadline be given in
 * nanoseconds. The real cost of one call is therefore 1 ms plus the operating system's timer slack
 * and wake-up latency (typically 50 to 100 microseconds).
 *
 * <p>The in-flight limit is a fair {@link Semaphore} taken inside the backend, as a connection pool
 * or a server-side concurrency limit would impose it: callers beyond the limit queue in order.
 */
public final class SlowBackend {

  /** What one backend call costs, whatever the number of items it carries. */
  public static final long CALL_NANOS = 1_000_000;

  private final Semaphore permits;
  private final LongAdder calls = new LongAdder();
  private final LongAdder items = new LongAdder();
  private final LongAdder busyNanos = new LongAdder();

  /**
   * Creates a backend.
   *
   * @param maxInFlight the maximum number of calls in flight, or 0 for no limit
   */
  public SlowBackend(int maxInFlight) {
    this.permits = maxInFlight > 0 ? new Semaphore(maxInFlight, /* fair= */ true) : null;
  }

  /** Loads the value of one id in one backend call. */
  public Integer loadOne(Integer id) {
    call(1);
    return valueOf(id);
  }

  /** Loads the values of many ids in one backend call. */
  public Map<Integer, Integer> loadAll(List<Integer> ids) {
    call(ids.size());
    Map<Integer, Integer> values = new HashMap<>(ids.size() * 2);
    for (Integer id : ids) {
      values.put(id, valueOf(id));
    }
    return values;
  }

  /** Returns the number of backend calls made so far. */
  public long calls() {
    return calls.sum();
  }

  /** Returns the number of items carried by all backend calls so far. */
  public long items() {
    return items.sum();
  }

  /**
   * Returns the time spent in backend calls so far, summed over calls, from the moment each got its
   * permit: divided by {@link #calls()}, what one call really cost.
   */
  public long busyNanos() {
    return busyNanos.sum();
  }

  /** The value the backend holds for {@code id}. */
  public static Integer valueOf(Integer id) {
    return id * 31 + 7;
  }

  private void call(int size) {
    if (permits != null) {
      permits.acquireUninterruptibly();
    }
    try {
      calls.increment();
      items.add(size);
      long start = System.nanoTime();
      waitOneCall();
      busyNanos.add(System.nanoTime() - start);
    } finally {
      if (permits != null) {
        permits.release();
      }
    }
  }

  /** Parks the current thread for {@link #CALL_NANOS}, without using a CPU meanwhile. */
  public static void waitOneCall() {
    long deadline = System.nanoTime() + CALL_NANOS;
    long remaining;
    while ((remaining = deadline - System.nanoTime()) > 0) {
      LockSupport.parkNanos(remaining);
    }
  }
}
