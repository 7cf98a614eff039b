package io.github.collapseexecutor.benchmarks.load;

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
record Measurement(int users, long requests, long errors, double seconds, double p50Millis,
    double p99Millis, long backendCalls) {

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
}
