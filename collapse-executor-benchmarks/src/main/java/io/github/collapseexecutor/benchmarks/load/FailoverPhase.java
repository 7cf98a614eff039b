package io.github.collapseexecutor.benchmarks.load;

import java.util.List;
import java.util.Objects;
import java.util.stream.Stream;

/**
 * What one phase of the failover case measured: the load before, during and after a fault of
 * the tier's Redis, and how long the instances took to coordinate again.
 *
 * @param topology the Redis deployment, such as {@code Sentinel}
 * @param fault what the phase did to it, such as {@code SENTINEL FAILOVER}
 * @param before from the start of the load to the fault
 * @param during from the fault until the instances coordinated again, or to the end of the
 *     phase if they did not; null if they never stopped coordinating
 * @param after from then to the end of the phase; null if they did not coordinate again
 * @param leftSeconds seconds from the fault to the first poll that found the instances not
 *     coordinating; NaN if none did
 * @param backSeconds seconds from the fault to the poll from which on they coordinated until the
 *     end of the phase; 0 if they never stopped, NaN if they were not back by the end
 * @param longestStallSeconds the longest time in the phase in which not one request completed
 *     (the users all waited), from poll to poll
 * @param stateBackSeconds seconds from the fault to the poll from which on every instance's tier
 *     said {@code coordinating} until the end; 0 if none ever said otherwise, NaN if not by then
 * @param uncoordinatedBefore the poll intervals before the fault that were not coordinated: what
 *     the machine's own hiccups cost, for comparison
 * @param intervalsBefore every poll interval before the fault
 * @param problems the problems the instances' tiers named after the fault, each once
 * @param firstError the first request that failed, or empty
 */
record FailoverPhase(
    String topology,
    String fault,
    Window before,
    Window during,
    Window after,
    double leftSeconds,
    double backSeconds,
    double longestStallSeconds,
    double stateBackSeconds,
    int uncoordinatedBefore,
    int intervalsBefore,
    List<String> problems,
    String firstError) {

  FailoverPhase {
    problems = List.copyOf(problems);
  }

  /** Returns the windows the phase has: before, and during and after where there were. */
  List<Window> windows() {
    return Stream.of(before, during, after).filter(Objects::nonNull).toList();
  }

  /** Returns the requests of the whole phase. */
  long requests() {
    return windows().stream().mapToLong(Window::requests).sum();
  }

  /** Returns the failed requests of the whole phase. */
  long errors() {
    return windows().stream().mapToLong(Window::errors).sum();
  }

  /**
   * The load in one part of a phase.
   *
   * @param seconds how long it lasted
   * @param requests the requests completed
   * @param errors the requests that failed
   * @param backendCalls the runs of the handler, summed over the instances
   * @param fallbacks the calls of the instances' tiers that went on as local collapse or waited
   *     for another instance in vain
   * @param p99Millis the 99th percentile of the latencies of the requests completed, NaN for none
   * @param maxMillis the longest latency of the requests completed, NaN for none
   */
  record Window(
      double seconds,
      long requests,
      long errors,
      long backendCalls,
      long fallbacks,
      double p99Millis,
      double maxMillis) {

    /** Returns the backend calls per 1000 requests. */
    double callsPerThousand() {
      return requests == 0 ? Double.NaN : 1000.0 * backendCalls / requests;
    }
  }
}
