package io.github.collapseexecutor.benchmarks;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;

/**
 * A simulated remote backend whose every call, for one item or for a batch of any size, costs
 * {@link #CALL_NANOS} (1 ms) of waiting, optionally with at most a fixed number of calls in flight,
 * or, {@link #saturated() saturated}, 1 ms for every call in flight.
 *
 * <p>The 1 ms is spent parked ({@link LockSupport#parkNanos}, repeated until the deadline since a
 * park may return early), not spinning: a remote call waits for I/O without using a CPU, and on a
 * small machine a spinning backend would turn the benchmark into a measure of CPU contention.
 * {@code Thread.sleep(1)} would do the same on Linux; parking lets the deadline be given in
 * nanoseconds. The real cost of one call is therefore 1 ms plus the operating system's timer slack
 * and wake-up latency (typically 50 to 100 microseconds).
 *
 * <p>The in-flight limit is a fair {@link Semaphore} taken inside the backend, as a connection pool
 * or a server-side concurrency limit would impose it: callers beyond the limit queue in order. The
 * limit may change while calls run ({@link #resize}), as when a database loses replicas.
 *
 * <p>A saturated backend has no limit, but every call takes 1 ms for each call in flight when it
 * starts, itself included: the calls share the backend and queue behind each other, as on a
 * database that is already as busy as it can be. It serves a thousand calls a second however many
 * are sent; more calls in flight only make each wait longer.
 */
public final class SlowBackend {

  /** What one backend call costs, whatever the number of items it carries. */
  public static final long CALL_NANOS = 1_000_000;

  private final Permits permits;
  private final boolean saturated;
  private final AtomicInteger inFlight = new AtomicInteger();
  private final LongAdder queued = new LongAdder();
  private final LongAdder calls = new LongAdder();
  private final LongAdder items = new LongAdder();
  private final LongAdder busyNanos = new LongAdder();
  private final LongAdder latencyNanos = new LongAdder();
  private int maxInFlight;

  /**
   * Creates a backend.
   *
   * @param maxInFlight the maximum number of calls in flight, or 0 for no limit
   */
  public SlowBackend(int maxInFlight) {
    this(maxInFlight, /* saturated= */ false);
  }

  private SlowBackend(int maxInFlight, boolean saturated) {
    this.permits = maxInFlight > 0 ? new Permits(maxInFlight) : null;
    this.maxInFlight = maxInFlight;
    this.saturated = saturated;
  }

  /** Creates a backend whose every call takes 1 ms for each call in flight when it starts. */
  public static SlowBackend saturated() {
    return new SlowBackend(0, /* saturated= */ true);
  }

  /**
   * Creates the backend that {@code limit} names: {@code unlimited}, {@code saturated}, or a number
   * of calls in flight.
   */
  public static SlowBackend named(String limit) {
    return switch (limit) {
      case "unlimited" -> new SlowBackend(0);
      case "saturated" -> saturated();
      default -> new SlowBackend(Integer.parseInt(limit));
    };
  }

  /**
   * Changes how many calls may be in flight; calls already past the limit finish. Only for a
   * backend created with a limit.
   */
  public synchronized void resize(int newMaxInFlight) {
    if (permits == null || newMaxInFlight <= 0) {
      throw new IllegalStateException("only a limited backend can change its limit");
    }
    if (newMaxInFlight > maxInFlight) {
      permits.release(newMaxInFlight - maxInFlight);
    } else {
      permits.reduce(maxInFlight - newMaxInFlight);
    }
    maxInFlight = newMaxInFlight;
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
   * Returns the number of calls so far that found every permit taken and waited for one: zero
   * while nobody sends more calls than the backend serves at once.
   */
  public long queued() {
    return queued.sum();
  }

  /**
   * Returns the time callers spent in backend calls so far, waiting for a permit included: what
   * the callers see, where {@link #busyNanos()} is what the backend spends.
   */
  public long latencyNanos() {
    return latencyNanos.sum();
  }

  /** Returns the number of calls in flight now, waiting for a permit or served. */
  public int inFlight() {
    return inFlight.get();
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
    long called = System.nanoTime();
    int callsInFlight = inFlight.incrementAndGet();
    try {
      if (permits != null && !permits.tryAcquireInTurn()) {
        queued.increment();
        permits.acquireUninterruptibly();
      }
      try {
        calls.increment();
        items.add(size);
        long start = System.nanoTime();
        waitFor(saturated ? CALL_NANOS * callsInFlight : CALL_NANOS);
        busyNanos.add(System.nanoTime() - start);
      } finally {
        if (permits != null) {
          permits.release();
        }
      }
    } finally {
      inFlight.decrementAndGet();
      latencyNanos.add(System.nanoTime() - called);
    }
  }

  /** Parks the current thread for {@link #CALL_NANOS}, without using a CPU meanwhile. */
  public static void waitOneCall() {
    waitFor(CALL_NANOS);
  }

  private static void waitFor(long nanos) {
    long deadline = System.nanoTime() + nanos;
    long remaining;
    while ((remaining = deadline - System.nanoTime()) > 0) {
      LockSupport.parkNanos(remaining);
    }
  }

  /** A fair semaphore whose permits can also be taken away. */
  private static final class Permits extends Semaphore {

    Permits(int permits) {
      super(permits, /* fair= */ true);
    }

    /** Takes a permit if one is free and nobody queues for one (unlike tryAcquire()). */
    boolean tryAcquireInTurn() {
      try {
        return tryAcquire(0, TimeUnit.NANOSECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return false;
      }
    }

    void reduce(int by) {
      reducePermits(by);
    }
  }
}
