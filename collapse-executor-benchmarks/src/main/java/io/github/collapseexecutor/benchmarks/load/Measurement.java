package io.github.collapseexecutor.benchmarks.load;

import java.util.List;

/**
 * What one side of one case measured.
 *
 * @param users concurrent users (closed loop: each has one request in flight)
 * @param requests requests completed
 * @param errors requests that failed (connection errors, non-2xx answers)
 * @param seconds wall time of the run
 * @param p50Millis median latency
 * @param p99Millis 99th percentile latency
 * @param backendCalls what the backend counted during the run: handler runs or transactions
 */
record Measurement(
    int users,
    long requests,
    long errors,
    double seconds,
    double p50Millis,
    double p99Millis,
    long backendCalls) {

  double tps() {
    return requests / seconds;
  }

  /** Returns the backend calls per 1000 requests. */
  double callsPerThousand() {
    return requests == 0 ? 0 : 1000.0 * backendCalls / requests;
  }

  /** Returns this measurement with {@code calls} as its backend calls. */
  Measurement withBackendCalls(long calls) {
    return new Measurement(users, requests, errors, seconds, p50Millis, p99Millis, calls);
  }

  /**
   * Returns what {@code parts}, run at the same time, measured together: their users, requests,
   * errors and backend calls added up over the longest run's time. Percentiles cannot be added
   * up; p50 and p99 are the highest of the parts', which the whole's cannot exceed.
   */
  static Measurement together(List<Measurement> parts) {
    if (parts.isEmpty()) {
      throw new IllegalArgumentException("no measurements");
    }
    return new Measurement(
        parts.stream().mapToInt(Measurement::users).sum(),
        parts.stream().mapToLong(Measurement::requests).sum(),
        parts.stream().mapToLong(Measurement::errors).sum(),
        parts.stream().mapToDouble(Measurement::seconds).max().orElseThrow(),
        parts.stream().mapToDouble(Measurement::p50Millis).max().orElseThrow(),
        parts.stream().mapToDouble(Measurement::p99Millis).max().orElseThrow(),
        parts.stream().mapToLong(Measurement::backendCalls).sum());
  }
}
