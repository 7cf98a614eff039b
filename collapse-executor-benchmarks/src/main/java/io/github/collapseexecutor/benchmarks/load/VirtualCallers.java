package io.github.collapseexecutor.benchmarks.load;

import io.github.collapseexecutor.benchmarks.SlowBackend;
import io.github.collapseexecutor.benchmarks.SlowBackendLoaders;
import io.github.collapseexecutor.core.CollapseExecutorOptions;
import java.lang.reflect.Method;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.IntUnaryOperator;

/**
 * Virtual-thread callers in a closed loop, each loading one random id per call from a
 * {@link SlowBackend} of 1 ms per call, directly or through a blocking batch executor: with
 * default options (the adaptive limit) and with one batch in flight. For 1,000 and 10,000 callers
 * and a backend that serves 8 calls at once or any number, prints requests per second, the ratio
 * to the direct calls of the same row and backend calls per 1000 requests, after a warm-up.
 *
 * <p>Virtual threads need JDK 21 or newer; this class compiles for JDK 17 and finds them by
 * reflection, so run it on the newer JDK, on the class path that {@code load.sh} uses.
 */
public final class VirtualCallers {

  private static final int[] CALLERS = {1_000, 10_000};
  private static final String[] BACKENDS = {"8", "unlimited"};
  private static final long WARM_UP_MILLIS = 2_000;
  private static final long MEASURE_MILLIS = 4_000;

  private VirtualCallers() {}

  public static void main(String[] args) throws Exception {
    System.out.printf(
        "%s, %d CPUs%n", Runtime.version(), Runtime.getRuntime().availableProcessors());
    for (String backendLimit : BACKENDS) {
      for (int callers : CALLERS) {
        double direct = measure(callers, backendLimit, null);
        measure(callers, backendLimit, CollapseExecutorOptions.defaults(), direct);
        measure(
            callers,
            backendLimit,
            CollapseExecutorOptions.builder().maxConcurrentBatches(1).build(),
            direct);
      }
    }
  }

  private static double measure(int callers, String backendLimit, CollapseExecutorOptions options)
      throws Exception {
    return measure(callers, backendLimit, options, Double.NaN);
  }

  /** Runs one row and prints it; returns its requests per second. */
  private static double measure(
      int callers, String backendLimit, CollapseExecutorOptions options, double direct)
      throws Exception {
    SlowBackend backend = SlowBackend.named(backendLimit);
    SlowBackendLoaders.Blocking<Integer> loader =
        options == null ? null : SlowBackendLoaders.blocking(backend, options);
    IntUnaryOperator call = loader == null ? backend::loadOne : loader::execute;
    LongAdder requests = new LongAdder();
    AtomicBoolean running = new AtomicBoolean(true);
    ExecutorService threads = newVirtualThreadPerTaskExecutor();
    try {
      for (int i = 0; i < callers; i++) {
        threads.execute(
            () -> {
              while (running.get()) {
                call.applyAsInt(ThreadLocalRandom.current().nextInt(1_000_000));
                requests.increment();
              }
            });
      }
      TimeUnit.MILLISECONDS.sleep(WARM_UP_MILLIS);
      long requestsBefore = requests.sum();
      long callsBefore = backend.calls();
      long start = System.nanoTime();
      TimeUnit.MILLISECONDS.sleep(MEASURE_MILLIS);
      double seconds = (System.nanoTime() - start) / 1e9;
      long served = requests.sum() - requestsBefore;
      long calls = backend.calls() - callsBefore;
      running.set(false);
      double perSecond = served / seconds;
      System.out.printf(
          "%,7d virtual callers, backend %-9s %-22s %,10.0f req/s %6s  %7.1f backend"
              + " calls per 1000 requests%n",
          callers,
          backendLimit,
          name(options),
          perSecond,
          Double.isNaN(direct) ? "" : String.format("%.2fx", perSecond / direct),
          1000.0 * calls / served);
      return perSecond;
    } finally {
      running.set(false);
      threads.shutdown();
      threads.awaitTermination(1, TimeUnit.MINUTES);
      if (loader != null) {
        loader.close();
      }
    }
  }

  private static String name(CollapseExecutorOptions options) {
    if (options == null) {
      return "direct";
    }
    return options.adaptiveConcurrency() && options.maxConcurrentBatches() > 1
        ? "batch, default options"
        : "batch, one in flight";
  }

  private static ExecutorService newVirtualThreadPerTaskExecutor() throws Exception {
    try {
      Method factory =
          java.util.concurrent.Executors.class.getMethod("newVirtualThreadPerTaskExecutor");
      return (ExecutorService) factory.invoke(null);
    } catch (NoSuchMethodException e) {
      throw new IllegalStateException(
          "virtual threads need JDK 21 or newer; this is " + Runtime.version(), e);
    }
  }
}
