package io.github.collapseexecutor.benchmarks;

import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.List;

/**
 * The operations of {@link ObservationOverheadBenchmark}, measured in CPU time and bytes
 * allocated per operation by the measuring thread itself, instead of JMH's wall-clock time: on a
 * machine that other processes load, a thread waiting for a core adds to the wall clock and not to
 * its CPU time, so these numbers stay readable where JMH's medians do not. Each registry and
 * operation is warmed up for 10 s (less left the meter handler's code not yet compiled on a
 * loaded machine), then measured {@code measures} times for {@code seconds}; the
 * median is printed, one tab-separated line per registry and operation:
 * {@code label operation registry cpu-ns-per-op bytes-per-op}.
 *
 * <p>Arguments: a label for the lines, the seconds per measure (default 1), the number of
 * measures (default 5).
 */
public final class ObservationCpuCost {

  private static final long WARM_UP_NANOS = 10_000_000_000L;
  private static final List<String> REGISTRIES =
      List.of("none", "noop", "meters", "meters-without-ltt");

  private ObservationCpuCost() {}

  @FunctionalInterface
  private interface Operation {
    Object run() throws Exception;
  }

  public static void main(String[] args) throws Exception {
    String label = args.length > 0 ? args[0] : "run";
    long nanos = (long) ((args.length > 1 ? Double.parseDouble(args[1]) : 1) * 1e9);
    int measures = args.length > 2 ? Integer.parseInt(args[2]) : 5;
    com.sun.management.ThreadMXBean threads =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    long self = Thread.currentThread().getId();
    for (String registry : REGISTRIES) {
      ObservationOverheadBenchmark benchmark = new ObservationOverheadBenchmark();
      benchmark.registry = registry;
      benchmark.setUp();
      try {
        for (String name : List.of("collapsed", "sharedByEight")) {
          Operation operation =
              name.equals("collapsed") ? benchmark::collapsed : benchmark::sharedByEight;
          loop(operation, WARM_UP_NANOS);
          double[] cpu = new double[measures];
          double[] bytes = new double[measures];
          for (int i = 0; i < measures; i++) {
            long cpuBefore = threads.getCurrentThreadCpuTime();
            long bytesBefore = threads.getThreadAllocatedBytes(self);
            long operations = loop(operation, nanos);
            cpu[i] = (threads.getCurrentThreadCpuTime() - cpuBefore) / (double) operations;
            bytes[i] = (threads.getThreadAllocatedBytes(self) - bytesBefore) / (double) operations;
          }
          System.out.printf(
              "%s\t%s\t%s\t%.0f\t%.0f%n", label, name, registry, median(cpu), median(bytes));
        }
      } finally {
        benchmark.tearDown();
      }
    }
  }

  /** Runs {@code operation} in rounds of 1000 for at least {@code nanos}; returns how often. */
  private static long loop(Operation operation, long nanos) throws Exception {
    long end = System.nanoTime() + nanos;
    long count = 0;
    while (System.nanoTime() < end) {
      for (int i = 0; i < 1000; i++) {
        operation.run();
      }
      count += 1000;
    }
    return count;
  }

  private static double median(double[] values) {
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    return sorted[sorted.length / 2];
  }
}
