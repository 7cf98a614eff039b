package io.github.collapseexecutor.benchmarks.load;

/**
 * Both sides of one case, measured one after the other in the same run.
 *
 * @param with the load through the collapse adapter or executor
 * @param without the same load on the same client or server without it
 */
record Comparison(Measurement with, Measurement without) {

  /** Returns the throughput with collapse divided by the throughput without. */
  double ratio() {
    return with.tps() / without.tps();
  }
}
