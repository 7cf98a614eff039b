package io.github.collapseexecutor.samples;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
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
   * What one load run measured, or several rounds of it.
   *
   * @param backendCalls what the backend counted during the run: calls, transactions
   * @param spread for rounds, their throughputs; {@code null} for a single run
   */
  public record Result(
      String name,
      long requests,
      long backendCalls,
      double seconds,
      long p99Micros,
      Spread spread) {

    /** A single run. */
    public Result(String name, long requests, long backendCalls, double seconds, long p99Micros) {
      this(name, requests, backendCalls, seconds, p99Micros, null);
    }

    /** Returns the requests per second: for rounds, the median round's. */
    public double throughput() {
      return spread == null ? requests / seconds : spread.median();
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
   * The throughputs of several rounds of one load.
   *
   * @param rounds how many rounds were run
   * @param low the slowest round's requests per second
   * @param median the median round's
   * @param high the fastest round's
   */
  public record Spread(int rounds, double low, double median, double high) {

    /**
     * Whether this median round was faster than every round of {@code other}: a gain that the
     * spread of a busy machine does not explain.
     */
    public boolean beats(Spread other) {
      return median > other.high;
    }
  }

  /**
   * Runs {@code direct} and {@code collapsing} for {@code rounds} rounds of {@code roundTime} each,
   * one round of each in turn (so that a change in the machine's load falls on both), after an
   * unmeasured round of each for the JIT's warm-up, and returns the two results: each its total
   * requests and backend calls, its median round's throughput and 99th percentile, and its
   * rounds' spread.
   */
  public static List<Result> compare(
      String directName,
      String collapsingName,
      int threads,
      int rounds,
      Duration roundTime,
      LongSupplier backendCalls,
      Call direct,
      Call collapsing)
      throws InterruptedException {
    run("warm-up", threads, roundTime, backendCalls, direct);
    run("warm-up", threads, roundTime, backendCalls, collapsing);
    List<Result> directRounds = new ArrayList<>();
    List<Result> collapsingRounds = new ArrayList<>();
    for (int round = 0; round < rounds; round++) {
      directRounds.add(run(directName, threads, roundTime, backendCalls, direct));
      collapsingRounds.add(run(collapsingName, threads, roundTime, backendCalls, collapsing));
    }
    return List.of(median(directName, directRounds), median(collapsingName, collapsingRounds));
  }

  /** Returns the rounds' totals with the median round's throughput and 99th percentile. */
  static Result median(String name, List<Result> rounds) {
    double[] throughputs = rounds.stream().mapToDouble(Result::throughput).sorted().toArray();
    long[] p99s = rounds.stream().mapToLong(Result::p99Micros).sorted().toArray();
    return new Result(
        name,
        rounds.stream().mapToLong(Result::requests).sum(),
        rounds.stream().mapToLong(Result::backendCalls).sum(),
        rounds.stream().mapToDouble(Result::seconds).sum(),
        p99s[p99s.length / 2],
        new Spread(
            rounds.size(),
            throughputs[0],
            throughputs[throughputs.length / 2],
            throughputs[throughputs.length - 1]));
  }

  /**
   * Runs {@code call} on {@code threads} threads until {@code duration} has passed, and reports
   * the requests made, the backend calls counted by {@code backendCalls} and the 99th percentile of
   * the calls' latency.
   *
   * @throws IllegalStateException if a call failed, or the run did not end within 30 s of its end
   */
  public static Result run(
      String name, int threads, Duration duration, LongSupplier backendCalls, Call call)
      throws InterruptedException {
    AtomicLong requests = new AtomicLong();
    AtomicReference<Exception> failure = new AtomicReference<>();
    long[][] latencies = new long[threads][];
    CountDownLatch done = new CountDownLatch(threads);
    long callsBefore = backendCalls.getAsLong();
    long start = System.nanoTime();
    long end = start + duration.toNanos();
    for (int t = 0; t < threads; t++) {
      int thread = t;
      Thread worker =
          new Thread(
              () -> {
                // grows with the calls this thread makes: hundreds of slow threads need little
                // memory
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
