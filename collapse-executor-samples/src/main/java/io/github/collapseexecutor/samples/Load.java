package io.github.collapseexecutor.samples;

import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.LongSupplier;

/** Runs a call in a loop on many threads for a while, and measures what came out of it. */
public final class Load {

  private Load() {}

  /** The call the load threads make, given the thread's number. */
  @FunctionalInterface
  public interface Call {
    void run(int thread) throws Exception;
  }

  /**
   * What one load run measured.
   *
   * @param backendCalls what the backend counted during the run: calls, transactions
   */
  public record Result(String name, long requests, long backendCalls, double seconds, long p99Micros) {

    public double throughput() {
      return requests / seconds;
    }

    /** Returns the backend calls per 1000 requests. */
    public double perThousand() {
      return 1000.0 * backendCalls / requests;
    }

    /** Returns how many requests one backend call served, on average. */
    public double requestsPerCall() {
      return (double) requests / backendCalls;
    }
  }

  /**
   * Runs {@code call} on {@code threads} threads until {@code duration} has passed, and reports
   * the requests made, the backend calls counted by {@code backendCalls} and the 99th percentile of
   * the calls' latency.
   *
   * @throws IllegalStateException if a call failed, or the run did not end within 30 s of its end
   */
  public static Result run(String name, int threads, Duration duration, LongSupplier backendCalls,
      Call call) throws InterruptedException {
    AtomicLong requests = new AtomicLong();
    AtomicReference<Exception> failure = new AtomicReference<>();
    long[][] latencies = new long[threads][];
    CountDownLatch done = new CountDownLatch(threads);
    long callsBefore = backendCalls.getAsLong();
    long start = System.nanoTime();
    long end = start + duration.toNanos();
    for (int t = 0; t < threads; t++) {
      int thread = t;
      Thread worker = new Thread(() -> {
        // grows with the calls this thread makes: hundreds of slow threads need little memory
        long[] mine = new long[1024];
        int count = 0;
        try {
          while (System.nanoTime() < end && failure.get() == null) {
            long before = System.nanoTime();
            call.run(thread);
            if (count == mine.length) {
              mine = Arrays.copyOf(mine, count * 2);
            }
            mine[count++] = System.nanoTime() - before;
          }
        } catch (Exception e) {
          failure.compareAndSet(null, e);
        } finally {
          latencies[thread] = Arrays.copyOf(mine, count);
          requests.addAndGet(count);
          done.countDown();
        }
      });
      worker.setDaemon(true);
      worker.start();
    }
    if (!done.await(duration.toSeconds() + 30, TimeUnit.SECONDS)) {
      throw new IllegalStateException(name + " did not finish");
    }
    if (failure.get() != null) {
      throw new IllegalStateException(name + " failed", failure.get());
    }
    double seconds = (System.nanoTime() - start) / 1e9;
    long[] all = Arrays.stream(latencies).flatMapToLong(Arrays::stream).sorted().toArray();
    long p99 = all.length == 0 ? 0 : all[(int) (all.length * 0.99)] / 1000;
    return new Result(name, requests.get(), backendCalls.getAsLong() - callsBefore, seconds, p99);
  }
}
