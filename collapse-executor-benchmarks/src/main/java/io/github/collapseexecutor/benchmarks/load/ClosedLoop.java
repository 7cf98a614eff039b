package io.github.collapseexecutor.benchmarks.load;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Supplier;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;
import reactor.core.publisher.Mono;

/**
 * Closed-loop load in the harness's own process: each of {@code users} users has exactly one
 * request in flight and sends the next as soon as the previous one ended, until the run's time is
 * up. Latencies go to an HdrHistogram, in microseconds.
 */
final class ClosedLoop {

  /** One blocking request; an exception counts as an error. */
  @FunctionalInterface
  interface BlockingCall {
    void call() throws Exception;
  }

  /** A run stops early once this many requests failed: the server is down or misconfigured. */
  private static final long MAX_ERRORS = 1000;

  private static final Duration GRACE = Duration.ofSeconds(60);

  private final int users;
  private final Duration duration;
  private final Recorder latencies = new Recorder(3);
  private final LongAdder requests = new LongAdder();
  private final LongAdder errors = new LongAdder();
  private final AtomicReference<Throwable> firstError = new AtomicReference<>();
  private final CountDownLatch done;
  private volatile long started;
  private volatile long end;

  private ClosedLoop(int users, Duration duration) {
    this.users = users;
    this.duration = duration;
    this.done = new CountDownLatch(users);
  }

  /** Runs {@code call} on {@code users} platform threads. */
  static Measurement blocking(int users, Duration duration, BlockingCall call)
      throws InterruptedException {
    return startBlocking(users, duration, call).finish();
  }

  /**
   * Starts {@code call} on {@code users} platform threads and returns while they run: a case
   * reads what they did so far ({@link #requests()}, {@link #errors()},
   * {@link #latenciesSinceLastRead()}) and then waits for the end with {@link #finish()}.
   */
  static ClosedLoop startBlocking(int users, Duration duration, BlockingCall call) {
    ClosedLoop loop = new ClosedLoop(users, duration);
    CountDownLatch start = new CountDownLatch(1);
    for (int i = 0; i < users; i++) {
      Thread user =
          new Thread(
              () -> {
                try {
                  start.await();
                  while (loop.running()) {
                    long begin = System.nanoTime();
                    try {
                      call.call();
                      loop.completed(begin);
                    } catch (Exception e) {
                      loop.failed(e);
                    }
                  }
                } catch (InterruptedException e) {
                  Thread.currentThread().interrupt();
                } finally {
                  loop.done.countDown();
                }
              },
              "load-user-" + i);
      user.setDaemon(true);
      user.start();
    }
    loop.begin(start::countDown);
    return loop;
  }

  /** Keeps {@code users} requests of {@code call} in flight, each sent when one ends. */
  static Measurement reactive(int users, Duration duration, Supplier<Mono<?>> call)
      throws InterruptedException {
    ClosedLoop loop = new ClosedLoop(users, duration);
    loop.begin(
        () -> {
          for (int i = 0; i < users; i++) {
            loop.next(call);
          }
        });
    return loop.finish();
  }

  private void next(Supplier<Mono<?>> call) {
    if (!running()) {
      done.countDown();
      return;
    }
    long begin = System.nanoTime();
    call.get()
        .subscribe(
            value -> {},
            error -> {
              failed(error);
              next(call);
            },
            () -> {
              completed(begin);
              next(call);
            });
  }

  private void begin(Runnable startUsers) {
    started = System.nanoTime();
    end = started + duration.toNanos();
    startUsers.run();
  }

  /** Returns the requests completed so far. */
  long requests() {
    return requests.sum();
  }

  /** Returns the requests failed so far. */
  long errors() {
    return errors.sum();
  }

  /** Returns the first request that failed, or null while none has. */
  Throwable firstError() {
    return firstError.get();
  }

  /** Returns the latencies, in microseconds, of the requests completed since the last read. */
  Histogram latenciesSinceLastRead() {
    return latencies.getIntervalHistogram();
  }

  /**
   * Waits for the end of the run and returns what it measured; its percentiles are those of the
   * requests completed since the latencies were last read.
   *
   * @throws IllegalStateException if the users did not finish within a minute of the end, or
   *     the run stopped early, at its limit of failed requests
   */
  Measurement finish() throws InterruptedException {
    if (!done.await(duration.plus(GRACE).toMillis(), TimeUnit.MILLISECONDS)) {
      throw new IllegalStateException(
          users + " users did not finish within " + GRACE.toSeconds() + " s of the end of the run");
    }
    double seconds = (System.nanoTime() - started) / 1e9;
    if (errors.sum() >= MAX_ERRORS) {
      throw new IllegalStateException(errors.sum() + " requests failed", firstError.get());
    }
    Histogram histogram = latenciesSinceLastRead();
    return new Measurement(
        users,
        requests.sum(),
        errors.sum(),
        seconds,
        histogram.getValueAtPercentile(50) / 1000.0,
        histogram.getValueAtPercentile(99) / 1000.0,
        0);
  }

  private boolean running() {
    return System.nanoTime() < end && errors.sum() < MAX_ERRORS;
  }

  private void completed(long begin) {
    latencies.recordValue((System.nanoTime() - begin) / 1000);
    requests.increment();
  }

  private void failed(Throwable error) {
    firstError.compareAndSet(null, error);
    errors.increment();
  }
}
